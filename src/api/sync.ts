/**
 * Sync calls (docs/sync.md): POST /sync/devices/register, POST /sync/push and GET /sync/pull (no
 * separate connectivity probe: the push or the pull itself tells whether the server is reachable). Push and pull carry the device credential (x-device-id +
 * x-device-key) and the session token when there is one. None of them redirects on 401: the sync
 * engine keeps the sales pending and registers again or asks for a new sign-in.
 */
import { CASH_MSG } from '../../domain/cash-messages';
import type { CashPushBody, CashPushReply } from '../../domain/schemas/cash';
import { MSG } from '../../domain/messages';
import type { DeviceRegistration, PullReply, PushBody, PushReply } from '../../domain/schemas/sync';
import type { DeviceCredential, PullParams, SyncTransport } from '../offline/transport';
import { apiCall } from './client';

export const deviceHeaders = (device: DeviceCredential) => ({ 'x-device-id': device.deviceId, 'x-device-key': device.deviceKey });

export const registerDevice = (deviceId: string, deviceName: string) =>
  apiCall<DeviceRegistration>('post', 'sync/devices/register', { json: { deviceId, deviceName }, noRedirect: true, errorMessage: MSG.deviceRegisterError });

export const pushSales = (body: PushBody, device: DeviceCredential) =>
  apiCall<PushReply>('post', 'sync/push', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: MSG.saleCreateError });

export const pullChanges = ({ since }: PullParams, device: DeviceCredential) =>
  apiCall<PullReply>('get', 'sync/pull', { query: { since }, headers: deviceHeaders(device), noRedirect: true, errorMessage: MSG.productsListError });

export const pushCash = (body: CashPushBody, device: DeviceCredential) =>
  apiCall<CashPushReply>('post', 'sync/cash', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: CASH_MSG.syncError });

export const syncTransport: SyncTransport = { register: registerDevice, push: pushSales, pull: pullChanges, pushCash };
