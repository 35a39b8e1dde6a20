/** Stock with reasons (issue #15): adjust with a reason, a product's history, a count session. */
import { MSG } from '../../domain/messages';
import type { AdjustmentReason, StockCountResultDto, StockMovementDto } from '../../domain/schemas/stock';
import { apiCall } from './client';

export type StockMovement = StockMovementDto;

export const adjustStock = (productId: number, payload: { reason: AdjustmentReason; quantity: number; note: string | null }) =>
  apiCall<{ stock: number; delta: number }>('post', `products/${productId}/stock/adjustments`, { json: payload, errorMessage: MSG.stockAdjustError });

export const fetchStockHistory = (productId: number, page: number, limit = 50) =>
  apiCall<StockMovement[]>('get', `products/${productId}/stock/history`, { query: { page, limit }, errorMessage: MSG.stockHistoryError });

export const applyStockCount = (items: { productId: number; counted: number }[], note: string | null) =>
  apiCall<StockCountResultDto>('post', 'stock/counts', { json: { items, note }, errorMessage: MSG.stockCountError });
