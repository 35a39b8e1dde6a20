/** POS devices as the server sees them (admin): last sync, pending and flagged sales. */
import { MSG } from '../../domain/messages';
import type { DeviceJson } from '../../domain/schemas/sync';
import { api } from './client';

export type Device = DeviceJson;

export const fetchDevices = () => api('GET /sync/devices', { errorMessage: MSG.devicesListError });

/** PUT /sync/devices/:id/caea-pto-vta (admin): the device's own CAEA point of sale, or null to remove it. */
export const setDeviceCaeaPtoVta = (id: string, caeaPtoVta: number | null) =>
  api('PUT /sync/devices/:id/caea-pto-vta', { params: { id }, json: { caeaPtoVta }, errorMessage: MSG.deviceCaeaUpdateError });
