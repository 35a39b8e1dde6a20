/**
 * Capturing a sale into the outbox (docs/sync.md rule 1): "Confirmar Venta" ends here.
 * Invariants:
 *  - captureSale writes the sale's outbox entry (next device sequence, fresh clientSaleId), the stock
 *    decrement, the emptied cart and the sale's place in the open cash session in ONE strict transaction:
 *    either the sale exists with all of it, or nothing; the promise resolves only after the commit;
 *  - the transaction is lean, because the cashier waits on it: every read in one round trip, every write
 *    in the next one, nothing else awaited inside it;
 *  - a sale's invoice request (issue #11) is written with it; its CAEA number, when the device numbers
 *    offline, is reserved in the same transaction (invoice-request.ts); only a held request changes later,
 *    once, in its own transaction (invoice-fallback.ts, issue #33.5);
 *  - a sale made to a customer created here and not yet confirmed carries that customer's body (issue #33),
 *    fixed at capture like the rest of the sale, so the customer reaches the server with it;
 *  - with "Exigir caja abierta para vender" on and no open session, nothing is written;
 *  - every sale (and cash event, cash.ts) committed is announced to onSaleWritten listeners (the sync
 *    engine listens), so no caller can forget to ask for a push.
 */
import { CASH_MSG } from '../../domain/cash-messages';
import { DEFAULT_IVA_RATE } from '../../domain/invoicing/codes';
import { MSG } from '../../domain/messages';
import { computeSaleTotals } from '../../domain/sale-totals';
import { toPushedCustomer } from './customer-body';
import { db, getMeta, type CartLine, type LocalProduct, type MetaValues, type OutboxEntry } from './db';
import { arcaDate, isoFromArcaDate } from '../../domain/invoicing';
import { caeaFor, numberWithCaea, type InvoiceRequest } from './invoice-request';
import { HOLD_MS, scheduleHeld } from './invoice-fallback';
import { OFFLINE_MSG } from './messages';
import { newOutboxEntry, type CapturedSale } from './outbox-entry';

/** What the checkout hands over: the sale's own fields (outbox-entry.ts), the invoice asked for and whether the device is offline. */
export interface SaleInput
  extends Pick<CapturedSale, 'sellerId' | 'sellerName' | 'discountCents' | 'paymentMethod' | 'customerName' | 'customerDocument' | 'customerEmail' | 'notes'> {
  /** The invoice asked for at checkout (issue #11), or none: the ticket says "No válido como factura". */
  invoice?: Omit<InvoiceRequest, 'caea' | 'hold'> | null;
  /** At capture the device knows it cannot reach the server: an invoice is numbered here with CAEA when it can. */
  offline?: boolean;
  /** Issue #33: the customer picked from the file (its uuid); one created here and not yet confirmed travels inside the sale. */
  customerUuid?: string | null;
}

const written = new Set<() => void>();

/** Calls `listener` after each sale or cash event committed; returns the unsubscribe function. */
export function onSaleWritten(listener: () => void): () => void {
  written.add(listener);
  return () => written.delete(listener);
}

/** Wakes the listeners (the sync engine): something new waits in an outbox. */
export function announceWrite(): void {
  written.forEach((listener) => listener());
}

/** Confirms the cart as a sale. Throws (Spanish message) on an empty cart or a discount above the subtotal. */
export async function captureSale(input: SaleInput): Promise<OutboxEntry> {
  const entry = await writeSale(input);
  announceWrite();
  // A held invoice is numbered with CAEA at its deadline unless the server answered first (issue #33.5).
  if (entry.invoiceRequest?.hold) scheduleHeld(entry);
  return entry;
}

const META_READ = ['deviceId', 'deviceSeq', 'cashRequired', 'productsChange'] as const;

function writeSale(input: SaleInput): Promise<OutboxEntry> {
  return db.transaction('rw', [db.cart, db.products, db.outbox, db.meta, db.cashSessions, db.customers], async () => {
    const [lines, session, metaRows, customer] = await Promise.all([
      db.cart.orderBy('addedAt').toArray(),
      db.cashSessions.where('status').equals('open').first(),
      db.meta.bulkGet([...META_READ]),
      input.customerUuid ? db.customers.get(input.customerUuid) : undefined,
    ]);
    const [deviceId, lastSeq, cashRequired, productsChange] = metaRows.map((row) => row?.value) as [
      string | undefined,
      number | undefined,
      boolean | undefined,
      MetaValues['productsChange'] | undefined,
    ];
    if (!lines.length) throw new Error(MSG.cartEmpty);
    if (!session && cashRequired) throw new Error(CASH_MSG.sessionRequired);
    const totals = computeSaleTotals(
      lines.map((line) => ({ quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
      input.discountCents,
    );
    const ids = lines.map((line) => line.productId);
    const products = await db.products.bulkGet(ids);
    const device = deviceId ?? crypto.randomUUID();
    const deviceSeq = (lastSeq ?? 0) + 1;
    const capturedAt = new Date();
    const invoice = input.invoice ? await invoiceAtCapture(input.invoice, Boolean(input.offline), capturedAt, lines, products, totals.discountCents) : null;
    const entry = newOutboxEntry({
      deviceId: device,
      deviceSeq,
      capturedAt,
      sellerId: input.sellerId,
      sellerName: input.sellerName,
      items: lines.map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
      discountCents: totals.discountCents,
      paymentMethod: input.paymentMethod,
      customerName: input.customerName,
      customerDocument: input.customerDocument,
      customerEmail: input.customerEmail,
      notes: input.notes,
      invoiceRequest: invoice?.request,
      invoice: invoice?.printed,
      invoiceNote: invoice?.note,
      cashSessionId: session?.clientSessionId,
      customerUuid: input.customerUuid ?? null,
      customer: customer?.pending ? toPushedCustomer(customer) : null,
    });
    const sold = new Map(lines.map((line) => [line.productId, line.quantity]));
    const writes: Promise<unknown>[] = [
      db.outbox.add(entry),
      db.products.bulkPut(products.filter((p): p is LocalProduct => Boolean(p)).map((p) => ({ ...p, stock: p.stock - (sold.get(p.id) ?? 0) }))),
      db.cart.clear(),
      db.meta.bulkPut([
        { key: 'deviceSeq', value: deviceSeq },
        { key: 'lastSaleId', value: entry.clientSaleId },
        // What product-index.ts re-reads: these products changed (bumpProductsChange, without its read).
        { key: 'productsChange', value: { version: (productsChange?.version ?? 0) + 1, ids } },
        ...(deviceId ? [] : [{ key: 'deviceId' as const, value: device }]),
      ]),
    ];
    if (session) {
      // A session opened before cuenta corriente existed has no entry for it.
      const total = session.sales[input.paymentMethod] ?? { count: 0, totalCents: 0 };
      const sales = { ...session.sales, [input.paymentMethod]: { count: total.count + 1, totalCents: total.totalCents + entry.totalCents } };
      writes.push(db.cashSessions.put({ ...session, sales }));
    }
    await Promise.all(writes);
    return entry;
  });
}

/**
 * The sale's invoice request at capture (inside writeSale's transaction): numbered with CAEA when the
 * device knows it is offline and can; held (issue #33.5) when it believes it is online and holds a valid
 * CAEA, so it may still number it if the server does not answer in time; a plain request otherwise.
 */
async function invoiceAtCapture(
  asked: Omit<InvoiceRequest, 'caea' | 'hold'>,
  offline: boolean,
  now: Date,
  lines: readonly CartLine[],
  products: readonly (LocalProduct | undefined)[],
  discountCents: number,
) {
  const request: InvoiceRequest = { ...asked };
  if (!offline) {
    const held = caeaFor(await getMeta('caea'), isoFromArcaDate(arcaDate(now))) ? { ...request, hold: { until: new Date(now.getTime() + HOLD_MS).toISOString() } } : request;
    return { request: held, printed: null, note: null };
  }
  const withRates = lines.map((line, i) => ({ ...line, ivaRate: products[i]?.ivaRate ?? DEFAULT_IVA_RATE }));
  const numbered = await numberWithCaea(request, now, withRates, discountCents);
  if (!numbered) return { request, printed: null, note: OFFLINE_MSG.invoiceWhenOnline };
  return { ...numbered, note: null };
}
