/**
 * Test data written straight through the database (the products routes belong to another module):
 * a product row plus its initial stock as an 'initial' ledger movement, so stock = Σ movements holds.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { toCents } from '../../domain/money';
import type { pushedSale as pushedSaleSchema } from '../../domain/schemas/sync';
import type { Db } from '../../server/db/client';
import { devices, products, sales, stockMovements } from '../../server/db/schema';
import { productSearchText } from '../../server/modules/products/search';
import { applyStockDeltaSqlite } from '../../server/modules/stock/repository';

export interface ProductSeed {
  name?: string;
  code?: string | null;
  price?: number;
  cost?: number;
  stock?: number;
  active?: boolean;
}

let counter = 0;

export function createProduct(db: Db, seed: ProductSeed = {}): number {
  const n = ++counter;
  const name = seed.name ?? `Producto ${n}`;
  const code = seed.code === undefined ? `P${n}-${randomUUID().slice(0, 8)}` : seed.code;
  return db.transaction(() => {
    const row = db
      .insert(products)
      .values({
        name,
        code,
        searchText: productSearchText({ name, code }),
        priceCents: toCents(seed.price ?? 100),
        costCents: toCents(seed.cost ?? 60),
        active: seed.active ?? true,
      })
      .returning({ id: products.id })
      .get();
    if (seed.stock) applyStockDeltaSqlite(db, row.id, seed.stock, 'initial');
    return row.id;
  });
}

/** Creates `count` products in one transaction (fast enough for thousands). */
export function createProducts(db: Db, count: number, seed: ProductSeed = {}): number[] {
  const ids: number[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) ids.push(createProduct(db, seed));
  });
  return ids;
}

export function stockOf(app: FastifyInstance, productId: number): { stock: number; ledger: number } {
  const row = app.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get();
  const ledger = app.db
    .select({ total: sql<number>`coalesce(sum(${stockMovements.delta}), 0)` })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .get();
  return { stock: row?.stock ?? NaN, ledger: Number(ledger?.total ?? 0) };
}

export function countSales(app: FastifyInstance): number {
  return app.db.select({ n: sql<number>`count(*)` }).from(sales).get()?.n ?? 0;
}

export function countSaleMovements(app: FastifyInstance): number {
  return app.db.select({ n: sql<number>`count(*)` }).from(stockMovements).where(eq(stockMovements.reason, 'sale')).get()?.n ?? 0;
}

export function setProductPrice(app: FastifyInstance, productId: number, price: number): void {
  app.db.update(products).set({ priceCents: toCents(price) }).where(eq(products.id, productId)).run();
}

export function softDeleteProduct(app: FastifyInstance, productId: number): void {
  app.db.update(products).set({ deletedAt: new Date().toISOString(), active: false }).where(eq(products.id, productId)).run();
}

/** Makes a registered device look as old as `iso`, so it may push sales captured since then (historical test data). */
export function backdateDevice(app: FastifyInstance, deviceId: string, iso = '2000-01-01T00:00:00.000Z'): void {
  app.db.update(devices).set({ createdAt: iso }).where(eq(devices.id, deviceId)).run();
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
