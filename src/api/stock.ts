/** Stock with reasons (issue #15): adjust with a reason, a product's history, a count session. */
import { MSG } from '../../domain/messages';
import type { AdjustmentReason, StockMovementDto } from '../../domain/schemas/stock';
import { api } from './client';

export type StockMovement = StockMovementDto;

export const adjustStock = (productId: number, payload: { reason: AdjustmentReason; quantity: number; note: string | null; shown?: number }) =>
  api('POST /products/:id/stock/adjustments', { params: { id: productId }, json: payload, errorMessage: MSG.stockAdjustError });

export const fetchStockHistory = (productId: number, page: number, limit = 50) =>
  api('GET /products/:id/stock/history', { params: { id: productId }, query: { page, limit }, errorMessage: MSG.stockHistoryError });

/** Each row with the stock it showed when counted (`shown`): the server applies counted − shown. */
export const applyStockCount = (items: { productId: number; counted: number; shown: number }[], note: string | null) =>
  api('POST /stock/counts', { json: { items, note }, errorMessage: MSG.stockCountError });
