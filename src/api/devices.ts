/** POS devices as the server sees them (admin): last sync, pending and flagged sales. */
import { MSG } from '../../domain/messages';
import type { DeviceJson } from '../../domain/schemas/sync';
import { apiCall } from './client';

export type Device = DeviceJson;

export const fetchDevices = () => apiCall<Device[]>('get', 'sync/devices', { errorMessage: MSG.devicesListError });

/** PUT /sync/devices/:id/caea-pto-vta (admin): the device's own CAEA point of sale, or null to remove it. */
export const setDeviceCaeaPtoVta = (id: string, caeaPtoVta: number | null) =>
  apiCall<Device>('put', `sync/devices/${encodeURIComponent(id)}/caea-pto-vta`, { json: { caeaPtoVta }, errorMessage: MSG.deviceCaeaUpdateError });
