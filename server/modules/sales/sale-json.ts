/** Stored sale rows (integer cents) → the Sale JSON of the API (decimals). */
import { ivaRateFromBp } from '../../../domain/invoicing/codes';
import { fromCents } from '../../../domain/money';
import type { SaleItemJson, SaleJson, SaleListItemJson } from '../../../domain/schemas/sales';
import { saleFlags } from './ledger-write';
import type { salesRepository, SaleWithUser } from './repository';

type ItemRow = Awaited<ReturnType<typeof salesRepository.items>>[number];

export function itemJson(row: ItemRow): SaleItemJson {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    quantity: row.quantity,
    unitPrice: fromCents(row.unitPriceCents),
    subtotal: fromCents(row.subtotalCents),
    catalogPrice: row.catalogPriceCents === null ? null : fromCents(row.catalogPriceCents),
    ivaRate: ivaRateFromBp(row.ivaRateBp),
    returnedQuantity: row.returnedQuantity,
    returnedAmount: fromCents(row.returnedCents),
  };
}

function headerJson(row: SaleWithUser): Omit<SaleJson, 'items'> {
  return {
    id: row.id,
    saleNumber: row.saleNumber,
    saleDate: row.saleDate,
    customerName: row.customerName,
    customerDocument: row.customerDocument,
    customerEmail: row.customerEmail,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    subtotal: fromCents(row.subtotalCents),
    discount: fromCents(row.discountCents),
    total: fromCents(row.totalCents),
    returned: fromCents(row.returnedCents),
    notes: row.notes,
    user: { id: row.userId, fullName: row.userFullName },
    clientSaleId: row.clientSaleId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceSeq: row.deviceSeq,
    flags: saleFlags(row),
    reviewNote: row.reviewNote,
    cancelledAt: row.cancelledAt,
    cancelledByName: row.cancelledByName,
    createdAt: row.createdAt,
  };
}

export function saleJson(row: SaleWithUser, items: ItemRow[]): SaleJson {
  return { ...headerJson(row), items: items.map(itemJson) };
}

export function saleListItemJson(row: SaleWithUser & { itemCount: number }): SaleListItemJson {
  return { ...headerJson(row), itemCount: row.itemCount };
}
