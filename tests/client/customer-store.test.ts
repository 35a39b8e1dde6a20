/**
 * The counter's customer file (issue #33 item 1): pulled customers land in Dexie with their page, the
 * offline search finds them by name, CUIT/DNI or phone in one field (also over 10,000 of them), customers
 * created at the counter stay pending until the server answers for their uuid, and a merged one is
 * replaced by the customer the server names.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PulledCustomer } from '../../domain/schemas/customers';
import {
  confirmCustomers,
  confirmSaleCustomer,
  createLocalCustomer,
  customerByDocument,
  loadCustomers,
  matchCustomers,
  pendingCustomers,
} from '../../src/offline/customer-store';
import { db, getMeta, MostradorDb } from '../../src/offline/db';
import { applyPullPage } from '../../src/offline/product-store';
import { addToCart } from '../../src/offline/cart';
import { captureSale } from '../../src/offline/capture';
import { applyResults, toPushedSale } from '../../src/offline/outbox';
import { freshStore, product, pullPage, takeBatch } from './local-store';

function customer(id: number, overrides: Partial<PulledCustomer> = {}): PulledCustomer {
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    docType: 96,
    docNumber: String(30_000_000 + id),
    name: `Cliente ${id}`,
    ivaConditionId: 5,
    address: null,
    phone: null,
    email: null,
    accountEnabled: false,
    creditLimit: null,
    balance: 0,
    active: true,
    ...overrides,
  };
}

beforeEach(() => freshStore());

describe('customers from the pull', () => {
  it('are written with their page and cursor, and a deactivated one leaves the counter', async () => {
    const ana = customer(1, { name: 'Ana Pérez', docType: 80, docNumber: '20123456786', ivaConditionId: 1, phone: '11 4567-8901' });
    await applyPullPage(pullPage({ customers: [ana, customer(2, { name: 'Bruno Díaz' })], cursor: 10 }));
    expect((await loadCustomers()).map((c) => c.name).sort()).toEqual(['Ana Pérez', 'Bruno Díaz']);
    expect(await getMeta('pullCursor')).toBe(10);
    await applyPullPage(pullPage({ customers: [{ ...ana, active: false }], cursor: 11 }), 10);
    expect((await loadCustomers()).map((c) => c.name)).toEqual(['Bruno Díaz']);
  });

  it('a page asked from a stale cursor writes no customer', async () => {
    await applyPullPage(pullPage({ cursor: 5 }));
    expect(await applyPullPage(pullPage({ customers: [customer(1)], cursor: 9 }), 3)).toBe(false);
    expect(await db.customers.count()).toBe(0);
  });
});

describe('offline customer search (one field)', () => {
  const rows = async () => {
    await applyPullPage(
      pullPage({
        customers: [
          customer(1, { name: 'Ferretería Núñez SRL', docType: 80, docNumber: '30712345675', ivaConditionId: 1, phone: '(011) 4567-8901' }),
          customer(2, { name: 'Juan Nuñez', docNumber: '28111222', phone: '351 555 1234' }),
          customer(3, { name: 'María Gómez', docNumber: '30111222', email: 'maria@example.com' }),
        ],
      }),
    );
    return loadCustomers();
  };

  it('finds by name without accents or case, every word needed', async () => {
    const all = await rows();
    expect(matchCustomers(all, 'nuñez', 10).map((c) => c.id)).toEqual([1, 2]);
    expect(matchCustomers(all, 'NUNEZ juan', 10).map((c) => c.id)).toEqual([2]);
    expect(matchCustomers(all, 'ferreteria gomez', 10)).toEqual([]);
  });

  it('finds by CUIT or DNI typed with dashes or dots, and by phone as typed or by its digits', async () => {
    const all = await rows();
    expect(matchCustomers(all, '30-71234567-5', 10).map((c) => c.id)).toEqual([1]);
    expect(matchCustomers(all, '28.111.222', 10).map((c) => c.id)).toEqual([2]);
    expect(matchCustomers(all, '4567-8901', 10).map((c) => c.id)).toEqual([1]);
    expect(matchCustomers(all, '3515551234', 10).map((c) => c.id)).toEqual([2]);
    expect(matchCustomers(all, 'maria@example', 10).map((c) => c.id)).toEqual([3]);
  });

  it('puts the exact document first, then names starting with the word, and honours the limit', async () => {
    const all = await rows();
    // "30111222" is María's DNI and a part of nobody else's; "30" starts two documents and no name.
    expect(matchCustomers(all, '30111222', 10).map((c) => c.id)).toEqual([3]);
    expect(matchCustomers(all, 'nuñez', 1)).toHaveLength(1);
    expect(matchCustomers(all, '   ', 10)).toEqual([]);
    expect(customerByDocument(all, '28111222')?.id).toBe(2);
    expect(customerByDocument(all, null)).toBeUndefined();
  });

  it('answers over 10,000 customers pulled in pages', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => customer(i + 1, { name: `Cliente ${i + 1} ${i % 7 === 0 ? 'Almacén' : 'Kiosco'}`, phone: `11 ${5000_0000 + i}` }));
    for (let p = 0; p < 5; p++) await applyPullPage(pullPage({ customers: many.slice(p * 2000, (p + 1) * 2000), cursor: p + 1 }), p);
    const all = await loadCustomers();
    expect(all).toHaveLength(10_000);
    const started = performance.now();
    for (let i = 0; i < 20; i++) matchCustomers(all, 'almacen 99', 20);
    const each = (performance.now() - started) / 20;
    // Customer 9999 by its name, and 10000 by its phone (11 50009999).
    expect(matchCustomers(all, 'cliente 9999 kiosco', 20).map((c) => c.id).sort()).toEqual([10000, 9999]);
    expect(matchCustomers(all, 'cliente 9999 almacen', 20)).toEqual([]);
    expect(matchCustomers(all, String(30_000_000 + 4321), 20).map((c) => c.id)).toEqual([4321]);
    expect(matchCustomers(all, '50004321', 20).map((c) => c.id)).toEqual([4322]);
    // Generous bound (busy CI machine): a keystroke's search must stay far below a frame budget times ten.
    expect(each).toBeLessThan(150);
  });
});

describe('customers created at the counter', () => {
  it('are searchable at once and stay pending until the server answers for their uuid', async () => {
    const made = await createLocalCustomer({ docType: 80, docNumber: '20123456786', name: ' Ana Pérez ', ivaConditionId: 1, phone: '' });
    expect(made).toMatchObject({ name: 'Ana Pérez', phone: null, pending: 1, id: null });
    expect(matchCustomers(await loadCustomers(), '20123456786', 5).map((c) => c.uuid)).toEqual([made.uuid]);
    expect((await pendingCustomers(10)).map((c) => c.uuid)).toEqual([made.uuid]);
    // Rejected: marked with the server's reason and out of the queue (not resent every cycle).
    await confirmCustomers([{ uuid: made.uuid, status: 'rejected', reason: 'Datos inválidos: docNumber' }]);
    expect(await pendingCustomers(10)).toEqual([]);
    expect(await db.customers.get(made.uuid)).toMatchObject({ pending: 2, rejectedReason: 'Datos inválidos: docNumber' });
    await confirmCustomers([{ uuid: made.uuid, status: 'applied', customer: customer(40, { uuid: made.uuid, name: 'Ana Pérez', docType: 80, docNumber: '20123456786' }) }]);
    expect(await pendingCustomers(10)).toEqual([]);
    expect((await db.customers.get(made.uuid))?.id).toBe(40);
  });

  it('merged: the local row is replaced by the customer the server already had with that document', async () => {
    const existing = customer(7, { name: 'Ana Pérez (servidor)', docType: 80, docNumber: '20123456786' });
    const made = await createLocalCustomer({ docType: 80, docNumber: '20123456786', name: 'Ana', ivaConditionId: 1 });
    await confirmCustomers([{ uuid: made.uuid, status: 'merged', customer: existing }]);
    const all = await loadCustomers();
    expect(all.map((c) => [c.uuid, c.name, c.pending])).toEqual([[existing.uuid, 'Ana Pérez (servidor)', 0]]);
  });

  it('a sale that carried the customer confirms it (same uuid) or drops the alias (another uuid)', async () => {
    const a = await createLocalCustomer({ docType: 96, docNumber: '30111222', name: 'Uno', ivaConditionId: 5 });
    const b = await createLocalCustomer({ docType: 96, docNumber: '30111223', name: 'Dos', ivaConditionId: 5 });
    await confirmSaleCustomer(a.uuid, a.uuid);
    await confirmSaleCustomer(b.uuid, customer(9).uuid);
    expect(await pendingCustomers(10)).toEqual([]);
    expect((await loadCustomers()).map((c) => c.uuid)).toEqual([a.uuid]);
  });
});

describe('a sale made to a customer', () => {
  const seller = { sellerId: 7, sellerName: 'Vera', paymentMethod: 'efectivo' as const, discountCents: 0 };
  beforeEach(() => freshStore(product(1)));

  it('carries a customer created here (fixed at capture) and the server\'s answer confirms it once', async () => {
    const made = await createLocalCustomer({ docType: 80, docNumber: '20123456786', name: 'Ana Pérez', ivaConditionId: 1, address: 'Mitre 100' });
    await addToCart(1);
    const entry = await captureSale({ ...seller, customerUuid: made.uuid, customerName: made.name, customerDocument: made.docNumber });
    const body = toPushedSale(entry);
    expect(body).toMatchObject({ customerUuid: made.uuid, customerName: 'Ana Pérez', customerDocument: '20123456786' });
    expect((body as { customer?: unknown }).customer).toMatchObject({ uuid: made.uuid, docType: 80, name: 'Ana Pérez', ivaConditionId: 1, address: 'Mitre 100' });
    const batch = await takeBatch(5);
    await applyResults(batch, [{ clientSaleId: entry.clientSaleId, deviceSeq: entry.deviceSeq, status: 'applied', saleNumber: 'V-1', customerUuid: made.uuid }]);
    expect(await pendingCustomers(10)).toEqual([]);
    // The entry keeps its body: re-sending it is the same hash (duplicate), never another customer.
    expect(toPushedSale((await db.outbox.get(entry.clientSaleId))!)).toEqual(body);
  });

  it('a confirmed customer travels by uuid only, and a sale without one carries neither field', async () => {
    await applyPullPage(pullPage({ customers: [customer(3)], cursor: 2 }));
    await addToCart(1);
    const withCustomer = toPushedSale(await captureSale({ ...seller, customerUuid: customer(3).uuid }));
    expect(withCustomer).toMatchObject({ customerUuid: customer(3).uuid });
    expect('customer' in withCustomer).toBe(false);
    await addToCart(1);
    const plain = toPushedSale(await captureSale(seller));
    expect('customerUuid' in plain || 'customer' in plain).toBe(false);
  });

  it('a rejected sale leaves its customer pending (POST /sync/customers still sends it)', async () => {
    const made = await createLocalCustomer({ docType: 96, docNumber: '30111222', name: 'Uno', ivaConditionId: 5 });
    await addToCart(1);
    const entry = await captureSale({ ...seller, customerUuid: made.uuid });
    await applyResults(await takeBatch(5), [{ clientSaleId: entry.clientSaleId, deviceSeq: entry.deviceSeq, status: 'rejected', reason: 'x' }]);
    expect((await pendingCustomers(10)).map((c) => c.uuid)).toEqual([made.uuid]);
  });
});

describe('local store upgrade to version 4', () => {
  it('keeps a version-3 store and pulls from the start so the customers arrive', async () => {
    const name = 'mostrador-upgrade-v4-test';
    const old = new Dexie(name);
    old.version(3).stores({
      products: 'id, code',
      categories: 'id',
      brands: 'id',
      cart: 'productId, addedAt',
      outbox: 'clientSaleId, status, deviceSeq, [status+deviceSeq], syncedAt',
      meta: 'key',
      credentials: 'username',
      cashSessions: 'clientSessionId, status',
      cashOutbox: 'eventId, status, [status+seq]',
    });
    await old.open();
    await old.table('outbox').add({ clientSaleId: 'a', status: 'pending', deviceSeq: 1, syncedAt: null });
    await old.table('meta').put({ key: 'pullCursor', value: 99 });
    old.close();
    const upgraded = new MostradorDb(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(5);
    expect(await upgraded.outbox.count()).toBe(1);
    expect(await upgraded.meta.get('pullCursor')).toEqual({ key: 'pullCursor', value: 0 });
    expect(await upgraded.customers.count()).toBe(0);
    upgraded.close();
  });
});
