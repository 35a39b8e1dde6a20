/** Calls to the real API from the bench process: sign-in, JSON reads, registering a device and pushing sales as it does. */
import { randomUUID } from 'node:crypto';
import type { PublicUser } from '../../domain/schemas/auth';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { DeviceRegistration, PushedSale, PushReply } from '../../domain/schemas/sync';
import { toPushedSale } from '../../src/offline/outbox';
import type { ProductRef } from './data';
import { outboxEntry } from './device-store';
import { BENCH_ADMIN_PASSWORD } from './paths';
import { seededRandom } from './vocabulary';

export interface Session {
  token: string;
  user: PublicUser;
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const body = (await res.json()) as { success: boolean; message?: string; data: T };
  if (!res.ok || !body.success) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

export function signIn(baseUrl: string): Promise<Session> {
  return call<Session>(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
}

export function getJson<T>(url: string, token?: string): Promise<T> {
  return call<T>(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Sales the server holds (the pagination total of GET /sales). */
export async function serverSaleCount(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/sales?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

/**
 * `count` three-item sales of one device (sequences from `firstSeq`), priced as the device saw them: outbox
 * entries (device-store.ts outboxEntry) turned into the push body by the app's own toPushedSale.
 */
export function makeSales(products: readonly ProductRef[], count: number, firstSeq = 1, seed = 7): PushedSale[] {
  const random = seededRandom(seed);
  const deviceId = randomUUID();
  const seller = { id: 1, fullName: 'Administrador' };
  return Array.from({ length: count }, (_, i) => {
    const picked = new Set<ProductRef>();
    while (picked.size < 3) picked.add(products[Math.floor(random() * products.length)]);
    const items = [...picked].map((p) => ({ productId: p.id, name: p.code, quantity: 1 + Math.floor(random() * 3), unitPriceCents: p.priceCents }));
    return toPushedSale(outboxEntry(deviceId, firstSeq + i, seller, items));
  });
}

export interface BenchDevice {
  deviceId: string;
  headers: Record<string, string>;
}

/** POST /sync/devices/register as the signed-in user: a new device and its credential headers. */
export async function registerDevice(baseUrl: string, token: string): Promise<BenchDevice> {
  const deviceId = randomUUID();
  const { deviceKey } = await call<DeviceRegistration>(`${baseUrl}/api/sync/devices/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ deviceId }),
  });
  return { deviceId, headers: { 'x-device-id': deviceId, 'x-device-key': deviceKey } };
}

/** One POST /sync/push of `sales` by `device`; fails unless every sale is applied. */
export async function pushBatch(baseUrl: string, device: BenchDevice, sales: readonly PushedSale[], pendingCount = 0): Promise<void> {
  const reply = await call<PushReply>(`${baseUrl}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...device.headers },
    body: JSON.stringify({ deviceId: device.deviceId, schemaVersion: SYNC_SCHEMA_VERSION, pendingCount, sales }),
  });
  const refused = reply.results.filter((r) => r.status !== 'applied');
  if (refused.length) throw new Error(`push: ${refused.length} ventas no aplicadas: ${JSON.stringify(refused[0])}`);
}

/** A new device pushes `sales` in batches, one after another; fails unless every sale is applied. */
export async function pushAll(baseUrl: string, token: string, sales: readonly PushedSale[], batchSize = 200): Promise<void> {
  const device = await registerDevice(baseUrl, token);
  for (let from = 0; from < sales.length; from += batchSize) {
    await pushBatch(baseUrl, device, sales.slice(from, from + batchSize), Math.max(0, sales.length - from - batchSize));
  }
}
