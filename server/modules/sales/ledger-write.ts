/**
 * writeSaleToLedger: THE one way a sale enters the server's ledger (POST /sales, POST /sync/push, the
 * payments flow). Not to be confused with the device's capture into its outbox (src/offline).
 * Invariants (docs/sync.md):
 * - Exactly once: a known clientSaleId returns the stored sale as `duplicate` and writes nothing. A
 *   (deviceId, deviceSeq) already used by another sale never loses the sale: it is stored under the
 *   device's next free sequence (reported as `deviceSeq` of the outcome), since the clientSaleId, not the
 *   sequence, is what makes it unique. The check, the sale, its items, one
 *   stock movement per item, a sale on cuenta corriente's movement on the customer's balance (once per sale:
 *   customers/account-sale.ts), the sale-number counter and the device's last_seq are written in the
 *   caller's ONE write unit (`tx`: store.write, or a savepoint of it), so a crash leaves either all of it or none of it.
 * - Policy 'online' prices from the catalogue and refuses to sell beyond stock (409).
 *   Policy 'captured' (a sale that already happened on a device) keeps the device's price and flags
 *   `price_changed` when it differs from the catalogue, accepts an oversell (stock goes negative,
 *   flag `oversold`) and accepts soft-deleted or inactive products: the goods already left the shop.
 * - A sale number is covered by the ceiling outside the database before it is used (number-ceiling.ts),
 *   so no number handed out is issued again after a restore.
 * - Money in integer cents (domain/sale-totals.ts); unit cost copied at sale time for profit.
 * - A pushed sale's audit (body hash, batch, review note) is written with the sale row itself.
 * - Its SQL runs as bare prepared statements (ledger-repository.ts): this is the hot path of a push.
 */
import type { PaymentMethod, PaymentStatus, SaleFlag } from '../../../domain/constants';
import { formatSaleNumber } from '../../../domain/numbering';
import { computeSaleTotals } from '../../../domain/sale-totals';
import { localDateString } from '../../../domain/time';
import type { Q } from '../../db/store';
import { badRequest, conflict } from '../../http/errors';
import { applySaleStock } from '../stock/repository';
import { saleOnAccount, type AccountCharge } from '../customers/account-sale';
import { ledgerRepository, type LedgerProduct, type StoredSale } from './ledger-repository';
import type { NumberCeiling } from './number-ceiling';
import { numberingRepository } from './numbering-repository';

export interface SaleDraft {
  clientSaleId: string | null;
  deviceId: string | null;
  deviceSeq: number | null;
  sellerId: number;
  /** UTC ISO instant the sale is booked on: when it happened (for a pushed sale, see sync/push-service.ts). */
  saleDate: string;
  /** unitPriceCents: what the device charged (policy 'captured'); ignored online. */
  items: { productId: number; quantity: number; unitPriceCents?: number }[];
  discountCents: number;
  paymentMethod: PaymentMethod;
  paymentStatus?: PaymentStatus;
  customerName: string | null;
  customerDocument: string | null;
  customerEmail: string | null;
  notes: string | null;
  /** Mercado Pago: the preference and reference this sale is tied to (server/modules/payments). */
  preferenceId?: string | null;
  externalReference?: string | null;
  /** The device's cash session (client uuid) the sale was rung up in (issue #16). */
  cashSessionId?: string | null;
  /** The customer from the customer file (issue #33), resolved by the caller. */
  customerId?: number | null;
  /** A pushed sale: the hash of its body, its batch, why the owner should look at it and its device's capture time (sync/push-service.ts). */
  audit?: { bodyHash: string; syncBatchId: number; reviewNote: string | null; capturedAt: string };
}

export type SalePolicy = 'online' | 'captured';

export interface RecordOutcome {
  status: 'applied' | 'duplicate';
  saleId: number;
  saleNumber: string;
  flags: SaleFlag[];
  /** The sequence the sale is stored under (another one than asked when that one was taken); null without a device. */
  deviceSeq: number | null;
  /** A sale on cuenta corriente (issue #33.4): what it did to the customer's balance; its review note, if any, is in the row. */
  account?: AccountCharge | null;
}

export function saleFlags(
  row: Pick<StoredSale, 'flagOversold' | 'flagPriceChanged'> & { flagPaymentReview?: boolean; refundedAt?: string | null; reviewNote?: string | null },
): SaleFlag[] {
  const flags: SaleFlag[] = [];
  if (row.flagOversold) flags.push('oversold');
  if (row.flagPriceChanged) flags.push('price_changed');
  if (row.flagPaymentReview) flags.push('payment_review');
  if (row.refundedAt) flags.push('refunded');
  if (row.reviewNote) flags.push('review');
  return flags;
}

/** What the ledger write needs of its caller: the shop's time zone and the sale-number ceiling (SalesContext fits). */
export interface LedgerContext {
  timeZone: string;
  numbers?: NumberCeiling | null;
}

/**
 * Next free official number: the counter advances until the formatted number is not taken (a changed
 * format may repeat one). The ceiling outside the database covers the value before it is used, so a
 * restore never issues it again (number-ceiling.ts).
 */
async function assignSaleNumber(tx: Q, ctx: LedgerContext, saleDate: string): Promise<string> {
  const { settings, counter } = await numberingRepository.start(tx);
  for (let value = counter; ; value = await numberingRepository.takeCounter(tx)) {
    ctx.numbers?.cover(value);
    const candidate = formatSaleNumber(settings, value, saleDate, ctx.timeZone);
    if (!(await numberingRepository.isTaken(tx, candidate))) return candidate;
  }
}

function priceLines(draft: SaleDraft, byId: Map<number, LedgerProduct>, policy: SalePolicy) {
  const remaining = new Map<number, number>();
  let oversold = false;
  let priceChanged = false;
  const lines = draft.items.map((item) => {
    const product = byId.get(item.productId);
    if (!product) throw badRequest(`El producto ${item.productId} no existe`, { productId: item.productId });
    if (policy === 'online' && (product.deletedAt || !product.active)) {
      throw badRequest(`El producto "${product.name}" ya no está a la venta`, { productId: product.id });
    }
    const left = (remaining.get(product.id) ?? product.stock) - item.quantity;
    remaining.set(product.id, left);
    if (left < 0 && policy === 'online') {
      throw conflict(`No hay stock suficiente de "${product.name}" (disponible: ${Math.max(0, product.stock)})`, {
        productId: product.id,
        available: product.stock,
      });
    }
    oversold ||= left < 0;
    const unitPriceCents = policy === 'captured' && item.unitPriceCents !== undefined ? item.unitPriceCents : product.priceCents;
    const catalogPriceCents = unitPriceCents !== product.priceCents ? product.priceCents : null;
    priceChanged ||= catalogPriceCents !== null;
    return { product, quantity: item.quantity, unitPriceCents, unitCostCents: product.costCents, catalogPriceCents };
  });
  return { lines, oversold, priceChanged };
}

function totalsOf(lines: ReturnType<typeof priceLines>['lines'], discountCents: number) {
  try {
    return computeSaleTotals(lines, discountCents);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : String(error));
  }
}

/** Writes the sale in the unit `tx` (see the header); the caller's unit commits it, or undoes all of it. */
export async function writeSaleToLedger(tx: Q, ctx: LedgerContext, draft: SaleDraft, policy: SalePolicy): Promise<RecordOutcome> {
  const checks = await ledgerRepository.checks(tx, draft);
  const { stored } = checks;
  if (stored) return { status: 'duplicate', saleId: stored.id, saleNumber: stored.saleNumber, flags: saleFlags(stored), deviceSeq: stored.deviceSeq };
  const deviceSeq = checks.seqTaken ? checks.lastSeq + 1 : draft.deviceSeq;
  if (!checks.userExists) throw badRequest(`El vendedor ${draft.sellerId} no existe`);

  const byId = await ledgerRepository.products(tx, draft.items.map((item) => item.productId));
  const { lines, oversold, priceChanged } = priceLines(draft, byId, policy);
  const totals = totalsOf(lines, draft.discountCents);

  // Cuenta corriente: checked (and the customer's row locked) before anything is written; charged after the sale row.
  const account = draft.paymentMethod === 'cuenta_corriente' ? await saleOnAccount.check(tx, draft.customerId ?? null, totals.totalCents, policy) : null;
  const reviewNote = [draft.audit?.reviewNote ?? null, account?.note ?? null].filter((n): n is string => n !== null).join('\n') || null;

  const saleNumber = await assignSaleNumber(tx, ctx, draft.saleDate);
  const saleId = await ledgerRepository.insertSale(tx, {
    saleNumber,
    clientSaleId: draft.clientSaleId,
    deviceId: draft.deviceId,
    deviceSeq,
    userId: draft.sellerId,
    customerName: draft.customerName,
    customerDocument: draft.customerDocument,
    customerEmail: draft.customerEmail,
    paymentMethod: draft.paymentMethod,
    paymentStatus: draft.paymentStatus ?? 'pagado',
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    costCents: totals.costCents,
    notes: draft.notes,
    flagOversold: oversold,
    flagPriceChanged: priceChanged,
    saleDate: draft.saleDate,
    // Key of the sales rollups (maintained by triggers, drizzle/0004_sales_rollup_triggers.sql).
    localDate: localDateString(draft.saleDate, ctx.timeZone),
    preferenceId: draft.preferenceId ?? null,
    externalReference: draft.externalReference ?? null,
    cashSessionId: draft.cashSessionId ?? null,
    bodyHash: draft.audit?.bodyHash ?? null,
    syncBatchId: draft.audit?.syncBatchId ?? null,
    reviewNote,
    capturedAt: draft.audit?.capturedAt ?? null,
    customerId: draft.customerId ?? null,
  });
  await ledgerRepository.insertItems(
    tx,
    lines.map((line, i) => ({
      saleId,
      productId: line.product.id,
      productName: line.product.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      unitCostCents: line.unitCostCents,
      subtotalCents: totals.lineSubtotalsCents[i],
      catalogPriceCents: line.catalogPriceCents,
      ivaRateBp: line.product.ivaRateBp,
    })),
  );
  await applySaleStock(tx, lines.map((line) => ({ productId: line.product.id, delta: -line.quantity })), 'sale', { saleId, userId: draft.sellerId });
  if (account) await saleOnAccount.charge(tx, account, { saleId, occurredAt: draft.saleDate, deviceId: draft.deviceId, userId: draft.sellerId });
  if (draft.deviceId && deviceSeq !== null) await ledgerRepository.advanceDeviceSeq(tx, draft.deviceId, deviceSeq);
  const flags = saleFlags({ flagOversold: oversold, flagPriceChanged: priceChanged, reviewNote: account?.note ?? null });
  return { status: 'applied', saleId, saleNumber, flags, deviceSeq, account };
}
