/**
 * Sync calls (docs/sync.md): POST /sync/devices/register, POST /sync/push and GET /sync/pull (no
 * probe before a push: the push or the pull itself tells whether the server is reachable; GET /health
 * only when nothing was heard from the server for a few seconds, engine.ts `heartbeat`). Push and pull carry the device credential (x-device-id +
 * x-device-key) and the session token when there is one. None of them redirects on 401: the sync
 * engine keeps the sales pending and registers again or asks for a new sign-in. The GETs ask the client for
 * no retry (`retry: false`): the engine's back-off is the only one.
 */
import { CASH_MSG } from '../../domain/cash-messages';
import { ACCOUNT_MSG } from '../../domain/account';
import { MSG } from '../../domain/messages';
import { MP_COUNTER_MSG } from '../../domain/messages-payments';
import type { CashPushBody } from '../../domain/schemas/cash';
import type { CustomersPushBody } from '../../domain/schemas/customers';
import type { PushBody } from '../../domain/schemas/sync';
import type { DeviceCredential, PullParams, SyncTransport } from '../offline/transport';
import { CUSTOMER_MSG } from '../offline/customer-messages';
import { api } from './client';

export const deviceHeaders = (device: DeviceCredential) => ({ 'x-device-id': device.deviceId, 'x-device-key': device.deviceKey });

export const registerDevice = (deviceId: string, deviceName: string) =>
  api('POST /sync/devices/register', { json: { deviceId, deviceName }, noRedirect: true, errorMessage: MSG.deviceRegisterError });

export const pushSales = (body: PushBody, device: DeviceCredential) =>
  api('POST /sync/push', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: MSG.saleCreateError });

export const pullChanges = ({ since }: PullParams, device: DeviceCredential) =>
  api('GET /sync/pull', { query: { since }, headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: MSG.productsListError });

export const pushCash = (body: CashPushBody, device: DeviceCredential) =>
  api('POST /sync/cash', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: CASH_MSG.syncError });

export const pushCustomers = (body: CustomersPushBody, device: DeviceCredential) =>
  api('POST /sync/customers', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: CUSTOMER_MSG.syncError });

export const pushAccountPayments = (body: { deviceId: string; payments: unknown[] }, device: DeviceCredential) =>
  api('POST /sync/account-payments', { json: body, headers: deviceHeaders(device), noRedirect: true, errorMessage: ACCOUNT_MSG.syncError });

/** A QR / Point charge the cashier left while the server was away (src/offline/left-charges.ts). */
export const leaveCharge = (attemptId: number, device: DeviceCredential) =>
  api('POST /payments/orders/:id/leave', { params: { id: attemptId }, headers: deviceHeaders(device), noRedirect: true, retry: false, errorMessage: MP_COUNTER_MSG.leaveError });

/** The idle probe: an answer (any) within PROBE_TIMEOUT_MS says the server is there. */
const PROBE_TIMEOUT_MS = 3_000;
export const probeServer = () => api('GET /health', { public: true, timeoutMs: PROBE_TIMEOUT_MS, retry: false });

export const syncTransport: SyncTransport = { register: registerDevice, push: pushSales, pull: pullChanges, pushCash, pushCustomers, pushAccountPayments, leaveCharge, probe: probeServer };
