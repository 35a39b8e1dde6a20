/**
 * QR / Point charges left while the server was away (issue #34, src/offline/left-charges.ts): the sync
 * engine sends each one until the server answers for it. Kept while the server is not reached (the cycle
 * fails like any push), on a 5xx, or when refused for want of a session / held by the terminal (the cycle
 * goes on); forgotten on the answer or a 404; a 401 here never costs the device its key.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMeta } from '../../src/offline/db';
import { createSyncEngine, type SyncEngine } from '../../src/offline/engine';
import { leaveCharge, leftCharges } from '../../src/offline/left-charges';
import type { Reply } from '../../src/offline/transport';
import { FakeServer } from './fake-server';
import { freshStore, product } from './local-store';

let server: FakeServer;
let engine: SyncEngine;
let answers: Map<number, Reply<unknown>[]>;
let sent: number[];

beforeEach(async () => {
  await freshStore(product(1, { stock: 10, price: 100 }));
  server = new FakeServer();
  answers = new Map();
  sent = [];
  const leave = async (id: number): Promise<Reply<unknown>> => {
    sent.push(id);
    if (!server.reachable) return { success: false, kind: 'network', status: 0, message: 'Sin conexión con el servidor' };
    return answers.get(id)?.shift() ?? { success: true, data: { id, status: 'canceled' } };
  };
  engine = createSyncEngine({ transport: { ...server.transport, leaveCharge: leave }, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
});
afterEach(() => engine.stop());

const refused = (status: number, message: string): Reply<unknown> => ({ success: false, kind: 'http', status, message });

describe('charges left while the server was away', () => {
  it('are kept while the server is not reached, then sent once each and forgotten', async () => {
    await leaveCharge(7);
    await leaveCharge(7);
    await leaveCharge(9);
    expect(await leftCharges()).toEqual([7, 9]);
    server.reachable = false;
    expect(await engine.requestSync()).toBe('offline');
    expect(await leftCharges()).toEqual([7, 9]);
    server.reachable = true;
    sent = [];
    expect(await engine.requestSync()).toBe('ok');
    expect(sent).toEqual([7, 9]);
    expect(await leftCharges()).toEqual([]);
    sent = [];
    expect(await engine.requestSync()).toBe('ok');
    expect(sent).toEqual([]);
  });

  it('a 404 forgets it; a 409 (at the terminal) or a 401 keeps it without failing the cycle or the device key; a 5xx retries', async () => {
    expect(await engine.requestSync()).toBe('ok');
    const key = await getMeta('deviceKey');
    expect(key).toBeTruthy();
    for (const id of [1, 2, 3, 4]) await leaveCharge(id);
    answers.set(1, [refused(404, 'No existe ese cobro')]);
    answers.set(2, [refused(409, 'El cobro ya está en el terminal')]);
    answers.set(3, [refused(401, 'Sesión vencida')]);
    answers.set(4, [refused(503, 'Error interno del servidor')]);
    expect(await engine.requestSync()).toBe('retry');
    expect(await leftCharges()).toEqual([2, 3, 4]);
    expect(await getMeta('deviceKey')).toBe(key);
    expect(await engine.requestSync()).toBe('ok');
    expect(await leftCharges()).toEqual([]);
  });
});
