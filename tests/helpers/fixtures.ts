/**
 * Test data written straight through the store (the products routes belong to another module), on either
 * dialect: a product row whose stock is its initial 'initial' ledger movement, so stock = Σ movements holds.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { toCents } from '../../domain/money';
import type { pushedSale as pushedSaleSchema } from '../../domain/schemas/sync';
import { devices, products, sales, stockMovements } from '../../server/db/schema';
import { first, type Store } from '../../server/db/store';
import { productSearchText } from '../../server/modules/products/search';

export interface ProductSeed {
  name?: string;
  code?: string | null;
  price?: number;
  cost?: number;
  stock?: number;
  active?: boolean;
}

let counter = 0;
/** Rows per INSERT (SQLite allows 32,766 parameters per statement; a product row binds 7). */
const CHUNK = 500;

export async function createProduct(store: Store, seed: ProductSeed = {}): Promise<number> {
  const [id] = await createProducts(store, 1, seed);
  return id;
}

/** Creates `count` products in one write unit (a few statements: fast enough for thousands). */
export async function createProducts(store: Store, count: number, seed: ProductSeed = {}): Promise<number[]> {
  const rows = Array.from({ length: count }, () => {
    const n = ++counter;
    const name = seed.name ?? `Producto ${n}`;
    const code = seed.code === undefined ? `P${n}-${randomUUID().slice(0, 8)}` : seed.code;
    return {
      name,
      code,
      searchText: productSearchText({ name, code }),
      priceCents: toCents(seed.price ?? 100),
      costCents: toCents(seed.cost ?? 60),
      stock: seed.stock ?? 0,
      active: seed.active ?? true,
    };
  });
  return store.write(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const inserted = await tx.insert(products).values(rows.slice(i, i + CHUNK)).returning({ id: products.id });
      ids.push(...inserted.map((r) => r.id));
    }
    const stock = seed.stock ?? 0;
    if (stock !== 0) {
      for (let i = 0; i < ids.length; i += CHUNK) {
        await tx.insert(stockMovements).values(ids.slice(i, i + CHUNK).map((productId) => ({ productId, delta: stock, reason: 'initial' as const })));
      }
    }
    return ids;
  });
}

export async function stockOf(app: FastifyInstance, productId: number): Promise<{ stock: number; ledger: number }> {
  return app.store.read(async (q) => {
    const row = await first(q.select({ stock: products.stock }).from(products).where(eq(products.id, productId)));
    const ledger = await first(
      q
        .select({ total: sql<number>`coalesce(sum(${stockMovements.delta}), 0)` })
        .from(stockMovements)
        .where(eq(stockMovements.productId, productId)),
    );
    return { stock: row?.stock ?? NaN, ledger: Number(ledger?.total ?? 0) };
  });
}

export async function countSales(app: FastifyInstance): Promise<number> {
  const row = await app.store.read((q) => first(q.select({ n: sql<number>`count(*)` }).from(sales)));
  return Number(row?.n ?? 0);
}

export async function countSaleMovements(app: FastifyInstance): Promise<number> {
  const row = await app.store.read((q) => first(q.select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.reason, 'sale'))));
  return Number(row?.n ?? 0);
}

export async function setProductPrice(app: FastifyInstance, productId: number, price: number): Promise<void> {
  await app.store.write((tx) => tx.update(products).set({ priceCents: toCents(price) }).where(eq(products.id, productId)));
}

export async function softDeleteProduct(app: FastifyInstance, productId: number): Promise<void> {
  await app.store.write((tx) => tx.update(products).set({ deletedAt: new Date().toISOString(), active: false }).where(eq(products.id, productId)));
}

/** Makes a registered device look as old as `iso`, so it may push sales captured since then (historical test data). */
export async function backdateDevice(app: FastifyInstance, deviceId: string, iso = '2000-01-01T00:00:00.000Z'): Promise<void> {
  await app.store.write((tx) => tx.update(devices).set({ createdAt: iso }).where(eq(devices.id, deviceId)));
}

/** A sale as the POS pushes it (domain/schemas/sync.ts pushedSale, before parsing). */
export type PushedSaleInput = z.input<typeof pushedSaleSchema>;

/** A pushed sale as the POS sends it: cash, no discount, captured now by the first user; `extra` on top. */
export function pushedSale(seq: number, items: PushedSaleInput['items'], extra: Partial<PushedSaleInput> = {}): PushedSaleInput {
  return {
    clientSaleId: randomUUID(),
    deviceSeq: seq,
    capturedAt: new Date().toISOString(),
    sellerId: 1,
    items,
    discount: 0,
    paymentMethod: 'efectivo',
    ...extra,
  };
}
