/**
 * Stock with reasons (issue #15). Every change goes through the ledger (./repository.ts), so
 * products.stock = SUM(stock_movements.delta) keeps holding: an adjustment is one movement with its
 * reason, note, user and time; a count session applies one 'count' movement per product whose counted
 * stock differs from what its row showed, all in one transaction (all or nothing).
 * A count never overwrites later movements (issue #30): it records counted − shown (the stock the screen
 * showed when the quantity was counted), never counted − today's stock, so a sale made between counting
 * and applying stays sold. A manual adjustment never leaves stock negative; a count may (units sold after
 * the count that it did not find are an oversell the ledger must show).
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
import { applyStockDelta, movementHistory } from './repository';

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
      return input.quantity - (input.shown ?? stock);
    case 'other':
      return input.quantity;
  }
}

export function adjustStock(store: Store, productId: number, input: StockAdjustmentInput, userId: number): Promise<{ stock: number; delta: number }> {
  return store.write(async (tx) => {
    const product = await requireProduct(tx, productId);
    const delta = adjustmentDelta(product.stock, input);
    if (input.reason !== 'count' && product.stock + delta < 0) throw badRequest(MSG.stockNegative, { stock: product.stock });
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
      const delta = item.counted - item.shown;
      if (delta === 0) continue;
      const stock = await applyStockDelta(tx, item.productId, delta, 'count', { userId, note: input.note ?? 'Recuento' });
      applied.push({ productId: product.id, name: product.name, shown: item.shown, counted: item.counted, delta, stock, movedMeanwhile: stock - item.counted });
    }
    return { applied, unchanged: input.items.length - applied.length };
  });
}
