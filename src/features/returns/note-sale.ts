/**
 * What a credit note's printout lists: the whole sale for a cancellation's note; for a return's note, only
 * the returned lines (their returned gross as subtotal) with the discount share, so its totals are the note's.
 */
import { fromCents, toCents } from '../../../domain/money';
import type { SaleReturn } from '../../api/returns';
import type { Sale } from '../../api/sales';

export function saleForNote(sale: Sale, ret: SaleReturn | null): Sale {
  if (!ret) return sale;
  const items = ret.items.map((r) => {
    const line = sale.items.find((i) => i.id === r.saleItemId);
    return {
      id: r.saleItemId,
      productId: r.productId,
      productName: r.productName,
      quantity: r.quantity,
      unitPrice: fromCents(Math.round(toCents(r.amount) / r.quantity)),
      subtotal: r.amount,
      catalogPrice: null,
      ivaRate: line?.ivaRate ?? 21,
      returnedQuantity: 0,
      returnedAmount: 0,
    };
  });
  const subtotal = fromCents(items.reduce((a, i) => a + toCents(i.subtotal), 0));
  return { ...sale, items, subtotal, discount: fromCents(toCents(subtotal) - toCents(ret.total)), total: ret.total, returned: 0 };
}
