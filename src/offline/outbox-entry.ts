/**
 * A sale's outbox entry as the device first writes it (captureSale, and the bench's queued sales):
 * pending, never attempted, at the current SYNC_SCHEMA_VERSION, with the device's provisional number and
 * the totals computed by domain/sale-totals from its lines. Pure: no Dexie, no clock beyond `capturedAt`.
 */
import { computeSaleTotals } from '../../domain/sale-totals';
import { SYNC_SCHEMA_VERSION } from '../../domain/constants';
import type { OfflinePaymentMethod, OutboxEntry, OutboxItem } from './db';
import { provisionalNumber } from './device';

export interface CapturedSale {
  deviceId: string;
  deviceSeq: number;
  capturedAt: Date;
  sellerId: number;
  sellerName: string;
  items: OutboxItem[];
  discountCents: number;
  paymentMethod: OfflinePaymentMethod;
  customerName?: string | null;
  customerDocument?: string | null;
  customerEmail?: string | null;
  notes?: string | null;
  invoiceRequest?: OutboxEntry['invoiceRequest'];
  invoice?: OutboxEntry['invoice'];
  invoiceNote?: OutboxEntry['invoiceNote'];
  cashSessionId?: string | null;
  customerUuid?: string | null;
  customer?: OutboxEntry['customer'];
}

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

export function newOutboxEntry(sale: CapturedSale): OutboxEntry {
  const totals = computeSaleTotals(sale.items, sale.discountCents);
  return {
    clientSaleId: crypto.randomUUID(),
    deviceSeq: sale.deviceSeq,
    provisionalNumber: provisionalNumber(sale.deviceId, sale.deviceSeq),
    schemaVersion: SYNC_SCHEMA_VERSION,
    capturedAt: sale.capturedAt.toISOString(),
    sellerId: sale.sellerId,
    sellerName: sale.sellerName,
    items: sale.items,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    paymentMethod: sale.paymentMethod,
    customerName: blankToNull(sale.customerName),
    customerDocument: blankToNull(sale.customerDocument),
    customerEmail: blankToNull(sale.customerEmail),
    notes: blankToNull(sale.notes),
    status: 'pending',
    attempts: 0,
    lastError: null,
    lastAttemptAt: null,
    saleId: null,
    saleNumber: null,
    flags: [],
    syncedAt: null,
    invoiceRequest: sale.invoiceRequest ?? null,
    invoice: sale.invoice ?? null,
    invoiceNote: sale.invoiceNote ?? null,
    cashSessionId: sale.cashSessionId ?? null,
    customerUuid: sale.customerUuid ?? null,
    customer: sale.customer ?? null,
  };
}
