/**
 * Stock with reasons (issue #15). Every change goes through the ledger (./repository.ts), so
 * products.stock = SUM(stock_movements.delta) keeps holding: an adjustment is one movement with its
 * reason, note, user and time; a count session applies one 'count' movement per product whose counted
 * stock differs, all in one transaction (all or nothing). A manual adjustment never leaves stock negative.
 */
import { MSG } from '../../../domain/messages';
import {
  STOCK_REASON_LABELS,
  type StockAdjustmentInput,
  type StockCountInput,
  type StockCountResultDto,
  type StockHistoryQuery,
  type StockMovementDto,
} from '../../../domain/schemas/stock';
import type { Q, Store } from '../../db/store';
import { badRequest, notFound } from '../../http/errors';
import { productsRepository } from '../products/repository';
import { applyStockDelta, movementHistory, setStock } from './repository';

async function requireProduct(q: Q, id: number) {
  const row = await productsRepository.findById(q, id);
  if (!row) throw notFound(MSG.productNotFound);
  return row;
}

/** The signed change an adjustment makes to `stock`. */
export function adjustmentDelta(stock: number, input: StockAdjustmentInput): number {
  switch (input.reason) {
    case 'purchase':
      return input.quantity;
    case 'loss':
    case 'supplier_return':
      return -input.quantity;
    case 'count':
      return input.quantity - stock;
    case 'other':
      return input.quantity;
  }
}

export function adjustStock(store: Store, productId: number, input: StockAdjustmentInput, userId: number): Promise<{ stock: number; delta: number }> {
  return store.write(async (tx) => {
    const product = await requireProduct(tx, productId);
    const delta = adjustmentDelta(product.stock, input);
    if (product.stock + delta < 0) throw badRequest(MSG.stockNegative, { stock: product.stock });
    if (delta === 0) return { stock: product.stock, delta };
    const stock = await applyStockDelta(tx, productId, delta, input.reason, { userId, note: input.note });
    return { stock, delta };
  });
}

export async function stockHistory(store: Store, productId: number, q: StockHistoryQuery): Promise<{ data: StockMovementDto[]; total: number }> {
  const { rows, total } = await store.read(async (r) => {
    await requireProduct(r, productId);
    return movementHistory(r, productId, { limit: q.limit, offset: (q.page - 1) * q.limit });
  });
  const data = rows.map((r) => ({ ...r, reasonLabel: STOCK_REASON_LABELS[r.reason] ?? r.reason }));
  return { data, total };
}

export function applyCount(store: Store, input: StockCountInput, userId: number): Promise<StockCountResultDto> {
  return store.write(async (tx) => {
    const applied: StockCountResultDto['applied'] = [];
    for (const item of input.items) {
      const product = await productsRepository.findById(tx, item.productId);
      if (!product) throw badRequest(MSG.stockCountUnknownProduct, { productId: item.productId });
      if (product.stock === item.counted) continue;
      await setStock(tx, item.productId, item.counted, { userId, note: input.note ?? 'Recuento', reason: 'count' });
      applied.push({ productId: product.id, name: product.name, before: product.stock, counted: item.counted, delta: item.counted - product.stock });
    }
    return { applied, unchanged: input.items.length - applied.length };
  });
}
