/**
 * «Cobro a cuenta» at the counter (issue #33.4): a payment on account is written to the device's outbox
 * (with its place in the open cash drawer when in cash) and the sync engine delivers it by POST
 * /sync/account-payments exactly once: a lost reply sends the same body again and the server answers
 * duplicate, so the balance moves once. The counter's balance counts the sales on account and payments
 * not sent yet, and keeps what the server confirmed until the next pull says it. Also: a version-4 store (queued sales, customers) upgrades to version 5 untouched.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountPaymentResult, AccountPaymentsPushReply, PushedAccountPaymentBody } from '../../domain/schemas/accounts';
import type { PulledCustomer } from '../../domain/schemas/customers';
import { captureAccountPayment, countUnsyncedAccount, unsentAccountDeltas } from '../../src/offline/account-payments';
import { addToCart } from '../../src/offline/cart';
import { captureSale } from '../../src/offline/capture';
import { openSession } from '../../src/offline/cash';
import { loadCustomers } from '../../src/offline/customer-store';
import { db, MostradorDb } from '../../src/offline/db';
import { createSyncEngine, type SyncEngine } from '../../src/offline/engine';
import { applyPullPage } from '../../src/offline/product-store';
import type { DeviceCredential, Reply } from '../../src/offline/transport';
import { FakeServer } from './fake-server';
import { freshStore, product, pullPage } from './local-store';

const ANA = '00000000-0000-4000-8000-000000000001';

function customer(overrides: Partial<PulledCustomer> = {}): PulledCustomer {
  return {
    id: 1,
    uuid: ANA,
    docType: 96,
    docNumber: '30000001',
    name: 'Ana Pérez',
    ivaConditionId: 5,
    address: null,
    phone: null,
    email: null,
    accountEnabled: true,
    creditLimit: 5000,
    balance: 3000,
    active: true,
    ...overrides,
  } as PulledCustomer;
}

/** The server's side of POST /sync/account-payments: a ledger applied once per clientPaymentId. */
class AccountServer {
  balanceCents = 300_000;
  applied = new Map<string, string>();
  requests: PushedAccountPaymentBody[][] = [];
  loseReplies = 0;
  failures: { kind: 'network' | 'http'; status: number; message: string }[] = [];
  rejectNext = '';

  push = async (body: { deviceId: string; payments: unknown[] }, _device: DeviceCredential): Promise<Reply<AccountPaymentsPushReply>> => {
    const payments = body.payments as PushedAccountPaymentBody[];
    this.requests.push(payments);
    const failure = this.failures.shift();
    if (failure) return { success: false, ...failure };
    const results = payments.map((p): AccountPaymentResult => {
      const hash = JSON.stringify(p);
      const known = this.applied.get(p.clientPaymentId);
      if (known !== undefined) return known === hash ? { clientPaymentId: p.clientPaymentId, status: 'duplicate', balance: this.balanceCents / 100 } : { clientPaymentId: p.clientPaymentId, status: 'rejected', reason: 'otro cuerpo' };
      if (this.rejectNext) {
        const reason = this.rejectNext;
        this.rejectNext = '';
        return { clientPaymentId: p.clientPaymentId, status: 'rejected', reason };
      }
      this.applied.set(p.clientPaymentId, hash);
      this.balanceCents -= Math.round(Number(p.amount) * 100);
      return { clientPaymentId: p.clientPaymentId, status: 'applied', customerId: 1, balance: this.balanceCents / 100 };
    });
    if (this.loseReplies > 0) {
      this.loseReplies -= 1;
      return { success: false, kind: 'network', status: 0, message: 'respuesta perdida' };
    }
    return { success: true, data: { results, serverTime: new Date().toISOString() } };
  };
}

let server: FakeServer;
let accounts: AccountServer;
let engine: SyncEngine;

const take = (amountCents: number, method: 'efectivo' | 'transferencia' | 'tarjeta' = 'efectivo') =>
  captureAccountPayment({ customerUuid: ANA, amountCents, method, sellerId: 1, sellerName: 'Vera' });

beforeEach(async () => {
  await freshStore(product(1, { stock: 100, price: 250 }));
  await applyPullPage(pullPage({ customers: [customer()], cursor: 2 }), 1);
  server = new FakeServer();
  accounts = new AccountServer();
  engine = createSyncEngine({ transport: { ...server.transport, pushAccountPayments: accounts.push }, hasSession: () => true, withLock: (fn) => fn(), random: () => 0.5 });
});
afterEach(() => engine.stop());

describe('payments on account: the outbox', () => {
  it('a cash payment is written with its place in the open drawer, in one transaction', async () => {
    await openSession({ by: { id: 1, name: 'Vera' }, floatCents: 10_000, denominations: null });
    const entry = await take(120_000);
    expect(entry).toMatchObject({ status: 'pending', seq: 1, customerName: 'Ana Pérez', balanceBeforeCents: 300_000, amountCents: 120_000 });
    expect(entry.payment).toMatchObject({ clientPaymentId: entry.clientPaymentId, customerUuid: ANA, amount: 1200, method: 'efectivo' });
    const session = await db.cashSessions.where('status').equals('open').first();
    expect(entry.payment.cashSessionId).toBe(session?.clientSessionId);
    expect(session?.accountPayments).toEqual({ count: 1, totalCents: 120_000 });
    // A transfer does not go into the drawer.
    const transfer = await take(5_000, 'transferencia');
    expect(transfer.payment.cashSessionId).toBeNull();
    expect((await db.cashSessions.get(session!.clientSessionId))?.accountPayments).toEqual({ count: 1, totalCents: 120_000 });
  });

  it('refuses an amount of zero or an unknown customer, writing nothing', async () => {
    await expect(take(0)).rejects.toThrow('El importe debe ser mayor a cero');
    await expect(captureAccountPayment({ customerUuid: '00000000-0000-4000-8000-000000000099', amountCents: 100, method: 'tarjeta', sellerId: 1, sellerName: 'Vera' })).rejects.toThrow('El cliente no existe');
    expect(await db.accountOutbox.count()).toBe(0);
  });

  it('the counter reckons with what was not sent: sales on account add, payments subtract', async () => {
    await addToCart(1);
    await addToCart(1);
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'cuenta_corriente', customerName: 'Ana Pérez', customerUuid: ANA });
    expect((await loadCustomers()).find((c) => c.uuid === ANA)?.balance).toBe(3500);
    await take(100_000);
    expect((await unsentAccountDeltas()).get(ANA)).toBe(50_000 - 100_000);
    expect((await loadCustomers()).find((c) => c.uuid === ANA)?.balance).toBe(2500);
    // The stored row keeps the pulled balance.
    expect((await db.customers.get(ANA))?.balance).toBe(3000);
  });
});

describe('payments on account: delivery exactly once', () => {
  it('a lost reply sends the same body again; the server answers duplicate and the balance moves once', async () => {
    const entry = await take(120_000);
    accounts.loseReplies = 1;
    expect(await engine.requestSync()).toBe('offline');
    expect(await db.accountOutbox.get(entry.clientPaymentId)).toMatchObject({ status: 'pending', lastError: 'respuesta perdida' });
    expect(accounts.balanceCents).toBe(180_000);
    expect(await engine.requestSync()).toBe('ok');
    expect(accounts.requests).toHaveLength(2);
    expect(accounts.requests[1]).toEqual(accounts.requests[0]);
    expect(accounts.applied.size).toBe(1);
    expect(accounts.balanceCents).toBe(180_000);
    expect(await db.accountOutbox.get(entry.clientPaymentId)).toMatchObject({ status: 'synced', serverBalance: 1800, lastError: null });
    expect(await countUnsyncedAccount()).toBe(0);
    // Nothing left to send: the next cycle sends no payment.
    expect(await engine.requestSync()).toBe('ok');
    expect(accounts.requests).toHaveLength(2);
  });

  it('offline, the payment waits; a 5xx keeps it pending; a rejection is kept with its reason and does not block the next', async () => {
    const first = await take(10_000);
    server.reachable = false;
    expect(await engine.requestSync()).toBe('offline');
    expect(accounts.requests).toHaveLength(0);
    server.reachable = true;
    accounts.failures.push({ kind: 'http', status: 503, message: 'Error interno del servidor' });
    expect(await engine.requestSync()).toBe('retry');
    expect(await db.accountOutbox.get(first.clientPaymentId)).toMatchObject({ status: 'pending', lastError: 'Error interno del servidor' });
    const second = await take(20_000, 'tarjeta');
    accounts.rejectNext = 'El cliente no existe';
    expect(await engine.requestSync()).toBe('ok');
    expect(await db.accountOutbox.get(first.clientPaymentId)).toMatchObject({ status: 'rejected', lastError: 'El cliente no existe' });
    expect(await db.accountOutbox.get(second.clientPaymentId)).toMatchObject({ status: 'synced' });
    expect(accounts.balanceCents).toBe(280_000);
  });

  it('a reply that leaves a payment out puts it back to pending, and the next cycle delivers it', async () => {
    const entry = await take(10_000);
    const real = accounts.push;
    let dropped = false;
    const engine2 = createSyncEngine({
      transport: {
        ...server.transport,
        pushAccountPayments: async (body, device) => {
          const reply = await real(body, device);
          if (!dropped && reply.success) {
            dropped = true;
            return { ...reply, data: { ...reply.data, results: [] } };
          }
          return reply;
        },
      },
      hasSession: () => true,
      withLock: (fn) => fn(),
      random: () => 0.5,
    });
    expect(await engine2.requestSync()).toBe('retry');
    expect(await db.accountOutbox.get(entry.clientPaymentId)).toMatchObject({ status: 'pending' });
    expect(await engine2.requestSync()).toBe('ok');
    expect(await db.accountOutbox.get(entry.clientPaymentId)).toMatchObject({ status: 'synced' });
    expect(accounts.balanceCents).toBe(290_000);
    engine2.stop();
  });
});

describe('the balance a confirmed movement leaves behind', () => {
  // The pull after these pushes carries no customer (the network dropped, say): the counter must still count them.
  it('a sale on account the server applied moves the pulled balance in the same transaction', async () => {
    await addToCart(1);
    await addToCart(1);
    await captureSale({ sellerId: 1, sellerName: 'Vera', discountCents: 0, paymentMethod: 'cuenta_corriente', customerName: 'Ana Pérez', customerUuid: ANA });
    expect(await engine.requestSync()).toBe('ok');
    expect((await unsentAccountDeltas()).size).toBe(0);
    expect((await db.customers.get(ANA))?.balance).toBe(3500);
    expect((await loadCustomers()).find((c) => c.uuid === ANA)?.balance).toBe(3500);
    // Pushed again (a retry answered duplicate) it is not counted twice.
    const sale = await db.outbox.toCollection().first();
    await db.outbox.update(sale!.clientSaleId, { status: 'pending' });
    expect(await engine.requestSync()).toBe('ok');
    expect((await db.customers.get(ANA))?.balance).toBe(3500);
  });

  it('a synced payment leaves the server\'s balance on the row', async () => {
    await take(100_000);
    expect(await engine.requestSync()).toBe('ok');
    expect((await db.customers.get(ANA))?.balance).toBe(2000);
    expect((await loadCustomers()).find((c) => c.uuid === ANA)?.balance).toBe(2000);
  });
});

describe('local store upgrade to version 5', () => {
  it('keeps the queued sales, customers and meta of a version-4 store and opens the account outbox', async () => {
    const name = 'mostrador-upgrade-v5-test';
    const old = new Dexie(name);
    old.version(4).stores({
      products: 'id, code',
      categories: 'id',
      brands: 'id',
      cart: 'productId, addedAt',
      outbox: 'clientSaleId, status, deviceSeq, [status+deviceSeq], syncedAt',
      meta: 'key',
      credentials: 'username',
      cashSessions: 'clientSessionId, status',
      cashOutbox: 'eventId, status, [status+seq]',
      customers: 'uuid, pending',
    });
    await old.open();
    await old.table('outbox').add({ clientSaleId: 'a', status: 'pending', deviceSeq: 1, syncedAt: null, totalCents: 100 });
    await old.table('customers').add({ uuid: ANA, pending: 0, name: 'Ana Pérez', balance: 30 });
    await old.table('meta').put({ key: 'pullCursor', value: 57 });
    old.close();

    const upgraded = new MostradorDb(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(5);
    expect(await upgraded.outbox.get('a')).toMatchObject({ status: 'pending', totalCents: 100 });
    expect(await upgraded.customers.get(ANA)).toMatchObject({ name: 'Ana Pérez', balance: 30 });
    expect(await upgraded.meta.get('pullCursor')).toEqual({ key: 'pullCursor', value: 57 });
    expect(await upgraded.accountOutbox.count()).toBe(0);
    upgraded.close();
  });
});
