/** POS devices as the server sees them (admin): last sync, pending and flagged sales. */
import { MSG } from '../../domain/messages';
import type { DeviceJson } from '../../domain/schemas/sync';
import { apiCall } from './client';

export type Device = DeviceJson;

export const fetchDevices = () => apiCall<Device[]>('get', 'sync/devices', { errorMessage: MSG.devicesListError });
