/** POS devices as the server sees them (admin): last sync, pending and flagged sales; rename, revoke, remove, force-close its cash session. */
import { CASH_MSG } from '../../domain/cash-messages';
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

/** PUT /sync/devices/:id (admin): its name in the back office (and on its sales). */
export const renameDevice = (id: string, name: string) => api('PUT /sync/devices/:id', { params: { id }, json: { name }, errorMessage: MSG.deviceRenameError });

/** POST /sync/devices/:id/revoke (admin, issue #31 item 6): a lost tablet's key stops working at once. */
export const revokeDevice = (id: string) => api('POST /sync/devices/:id/revoke', { params: { id }, errorMessage: MSG.deviceRevokeError });

/** DELETE /sync/devices/:id (admin): only a device that left no trace (the server answers 409 otherwise). */
export const removeDevice = (id: string) => api('DELETE /sync/devices/:id', { params: { id }, errorMessage: MSG.deviceRemoveError });

/** POST /cash-sessions/:id/force-close (admin): closes the cash session a lost device left open; its count stays unknown and flagged. */
export const forceCloseCashSession = (id: number) => api('POST /cash-sessions/:id/force-close', { params: { id }, errorMessage: CASH_MSG.forceCloseError });
