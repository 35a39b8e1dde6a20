/**
 * Sync calls (design.md §4): POST /sync/push, GET /sync/pull and the GET /health connectivity probe.
 * None of them redirects on 401: the sync engine keeps the sales pending and asks for a new sign-in.
 */
import { MSG } from '../../domain/messages';
import type { PullReply, PushBody, PushReply } from '../../domain/schemas/sync';
import type { PullParams, SyncTransport } from '../offline/engine';
import { apiCall } from './client';

/** A probe that has not answered in this time counts as "offline". */
const PROBE_TIMEOUT_MS = 5000;

export const pushSales = (body: PushBody) => apiCall<PushReply>('post', 'sync/push', { json: body, noRedirect: true, errorMessage: MSG.saleCreateError });

export const pullChanges = ({ since, deviceId, deviceName }: PullParams) =>
  apiCall<PullReply>('get', 'sync/pull', { query: { since, deviceId, deviceName }, noRedirect: true, errorMessage: MSG.productsListError });

export async function probeHealth(): Promise<boolean> {
  const result = await apiCall<unknown>('get', 'health', { public: true, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  return result.success;
}

export const syncTransport: SyncTransport = { health: probeHealth, push: pushSales, pull: pullChanges };
