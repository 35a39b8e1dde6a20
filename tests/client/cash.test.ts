/**
 * Cash sessions on the device (issue #16) with fake-indexeddb: sales join the open session in their own
 * transaction, one open session at a time, a difference needs a comment, the setting "Exigir caja abierta
 * para vender" blocks a sale without one, the events reach the server once and in order through the
 * engine (after the sales), and with the server away they wait behind the shared retry gate.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CASH_MSG } from '../../domain/cash-messages';
import { addToCart } from '../../src/offline/cart';
import { addMovement, closeSession, deviceExpectedCents, currentCashSession, openSession, rememberCashRequired } from '../../src/offline/cash';
import { rejectedCashEvents } from '../../src/offline/cash-outbox';
import { db } from '../../src/offline/db';
import { createSyncEngine, type SyncEngine } from '../../src/offline/engine';
import { captureSale } from '../../src/offline/capture';
import { toPushedSale } from '../../src/offline/outbox';
import { FakeServer } from './fake-server';
import { freshStore, product } from './local-store';

let server: FakeServer;
let engine: SyncEngine;
const by = { id: 1, name: 'Vera' };

async function sell(paymentMethod: 'efectivo' | 'tarjeta', priceUnits = 1) {
  for (let i = 0; i < priceUnits; i += 1) await addToCart(1);
  return captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod });
}

beforeEach(async () => {
  await freshStore(product(1, { stock: 1000, price: 1500 }));
  server = new FakeServer();
  engine = createSyncEngine({ transport: server.transport, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
});
afterEach(() => engine.stop());

describe('cash session on the device', () => {
  it('sales carry the open session; the close computes expected and the difference; everything reaches the server once', async () => {
    const before = await sell('efectivo');
    expect(before.cashSessionId).toBeNull();
    expect(toPushedSale(before)).not.toHaveProperty('cashSessionId');
    const session = await openSession({ by, floatCents: 1_000_000, denominations: { 1000000: 1 } });
    await expect(openSession({ by, floatCents: 0, denominations: null })).rejects.toThrow(CASH_MSG.alreadyOpen);
    const cash = await sell('efectivo', 2);
    const card = await sell('tarjeta');
    expect(toPushedSale(cash).cashSessionId).toBe(session.clientSessionId);
    expect(card.cashSessionId).toBe(session.clientSessionId);
    await addMovement({ by, kind: 'out', amountCents: 500_000, reason: 'retiro_caja_fuerte', note: null });
    const open = (await currentCashSession())!;
    expect(open.sales.efectivo).toEqual({ count: 1, totalCents: 300_000 });
    expect(open.sales.tarjeta).toEqual({ count: 1, totalCents: 150_000 });
    expect(deviceExpectedCents(open)).toBe(800_000);
    await expect(closeSession({ by, countedCents: 780_000, denominations: null, comment: '  ', declared: null })).rejects.toThrow(CASH_MSG.commentRequired);
    const closed = await closeSession({ by, countedCents: 780_000, denominations: null, comment: 'faltan 200', declared: { tarjeta: 150_000, transferencia: null, mercadopago: null } });
    expect(closed).toMatchObject({ status: 'closed', expectedCents: 800_000, differenceCents: -20_000 });
    expect(await currentCashSession()).toBeUndefined();
    await expect(addMovement({ by, kind: 'in', amountCents: 1, reason: 'cambio', note: null })).rejects.toThrow(CASH_MSG.noOpenSession);

    expect(await engine.requestSync()).toBe('ok');
    expect([...server.cash.values()].map((e) => e.type)).toEqual(['open', 'movement', 'close']);
    expect(server.applied.size).toBe(3);
    // The server's Z: its number, and its expected cash and difference (its ledger knows cancellations).
    expect(await db.cashSessions.get(session.clientSessionId)).toMatchObject({ zNumber: 3, expectedCents: 700_000, differenceCents: -10_000 });
    expect(await db.cashOutbox.where('status').equals('synced').count()).toBe(3);
    await engine.requestSync();
    expect(server.cashPushes).toBe(1);
  });

  it('an event the server refuses for good is kept as rejected with its reason and does not block the next ones', async () => {
    server.rejectCash.add('open');
    await openSession({ by, floatCents: 100, denominations: null });
    await addMovement({ by, kind: 'in', amountCents: 5, reason: 'cambio', note: null });
    expect(await engine.requestSync()).toBe('ok');
    expect(await rejectedCashEvents()).toMatchObject([{ status: 'rejected', lastError: 'El dispositivo ya tiene otra caja abierta en el servidor' }]);
    expect([...server.cash.values()].map((e) => e.type)).toEqual(['movement']);
  });

  it('with the server away the events wait behind the shared gate: automatic triggers send nothing more', async () => {
    server.reachable = false;
    await openSession({ by, floatCents: 100, denominations: null });
    expect(await engine.trigger()).toBe('offline');
    const sent = server.requests;
    for (let i = 0; i < 20; i += 1) await engine.trigger();
    expect(server.requests).toBe(sent);
    server.reachable = true;
    expect(await engine.requestSync()).toBe('ok');
    expect(server.cash.size).toBe(1);
  });

  it('"Exigir caja abierta para vender" refuses a sale without an open session and keeps the cart', async () => {
    await rememberCashRequired(true);
    await addToCart(1);
    await expect(captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' })).rejects.toThrow(CASH_MSG.sessionRequired);
    expect(await db.cart.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    await openSession({ by, floatCents: 0, denominations: null });
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'efectivo' });
    expect(await db.outbox.count()).toBe(1);
  });
});
