/** POS devices as the server sees them (admin): last sync, pending and flagged sales. */
import { MSG } from '../../domain/messages';
import type { DeviceJson, pendingExportFile } from '../../domain/schemas/sync';
import type { z } from 'zod';

type PendingExportFileInput = z.input<typeof pendingExportFile>;
import { api } from './client';

export type Device = DeviceJson;

export const fetchDevices = () => api('GET /sync/devices', { errorMessage: MSG.devicesListError });

/** PUT /sync/devices/:id/caea-pto-vta (admin): the device's own CAEA point of sale, or null to remove it. */
export const setDeviceCaeaPtoVta = (id: string, caeaPtoVta: number | null) =>
  api('PUT /sync/devices/:id/caea-pto-vta', { params: { id }, json: { caeaPtoVta }, errorMessage: MSG.deviceCaeaUpdateError });

/** POST /sync/import (admin, issue #29 item 4): a tablet's «Exportar ventas pendientes» file, through the push (each sale once). */
export const importPendingSales = (file: PendingExportFileInput) => api('POST /sync/import', { json: file, errorMessage: MSG.pendingImportError, timeoutMs: 5 * 60_000 });
