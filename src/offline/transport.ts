/**
 * What the sync engine needs from the network, described here so that `src/offline` never imports
 * `src/api` (lint enforces it): `src/api/sync.ts` implements SyncTransport with the HTTP client, whose
 * ApiResult has this shape, and `src/sync/instance.ts` wires the two together.
 */
import type { AccountPaymentsPushReply } from '../../domain/schemas/accounts';
import type { CashPushBody, CashPushReply } from '../../domain/schemas/cash';
import type { CustomersPushBody, CustomersPushReply } from '../../domain/schemas/customers';
import type { DeviceRegistration, PullReply, PushBody, PushReply } from '../../domain/schemas/sync';

/** A request the server did not accept: 'network' when it was not reached (retry later), 'http' when it refused. */
export interface Failure {
  success: false;
  kind: 'network' | 'http';
  /** HTTP status, 0 for network failures. */
  status: number;
  message: string;
}

export type Reply<T> = { success: true; data: T; message?: string } | Failure;

export interface DeviceCredential {
  deviceId: string;
  deviceKey: string;
}

export interface PullParams {
  since: number;
}

export type Register = (deviceId: string, deviceName: string) => Promise<Reply<DeviceRegistration>>;

export interface SyncTransport {
  /** POST /sync/devices/register as the signed-in user. */
  register: Register;
  push(body: PushBody, device: DeviceCredential): Promise<Reply<PushReply>>;
  pull(params: PullParams, device: DeviceCredential): Promise<Reply<PullReply>>;
  /** GET /health, with a short timeout: the idle check that the server still answers (issue #29 item 5). */
  probe(): Promise<Reply<unknown>>;
  /** POST /sync/cash: cash-session events (issue #16). */
  pushCash(body: CashPushBody, device: DeviceCredential): Promise<Reply<CashPushReply>>;
  /** POST /sync/customers: customers created at this counter (issue #33). Absent: they travel only inside their sales. */
  pushCustomers?(body: CustomersPushBody, device: DeviceCredential): Promise<Reply<CustomersPushReply>>;
  /** POST /sync/account-payments: payments on account taken at this counter (issue #33.4). Absent: they wait. */
  pushAccountPayments?(body: { deviceId: string; payments: unknown[] }, device: DeviceCredential): Promise<Reply<AccountPaymentsPushReply>>;
  /** POST /payments/orders/:id/leave: a QR / Point charge left while the server was away (issue #34). Absent: kept. */
  leaveCharge?(attemptId: number, device: DeviceCredential): Promise<Reply<unknown>>;
}
