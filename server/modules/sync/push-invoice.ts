/**
 * The invoice that travels with a pushed sale (issue #11, docs/sync.md). Invariants:
 * - Recorded in the sale's own savepoint (push-service.ts), so the sale and its invoice row commit
 *   together, exactly once: a replay is `duplicate` before anything is written, and UNIQUE(sale_id) holds.
 * - Without `caea`: a pending CAE row exactly as "generate for a sale" prepares it (invoices/prepare.ts).
 *   A request the issuer may not emit (letter, document, threshold, not configured) never loses the
 *   sale: the sale is recorded without an invoice and the result's `invoiceNote` says why.
 * - With `caea`: the device already numbered it and handed it to the customer, so it is recorded as
 *   issued (authorization 'CAEA', 'autorizada', report 'pendiente' with the fortnight's deadline), but
 *   only on the device's OWN CAEA point of sale (issue #31.2/#31.3). What does not add up there (unknown
 *   CAEA, a date outside the CAEA's validity, a letter problem) is still recorded and flags the sale.
 * - A claim that may not occupy its number (another point of sale than the device's, the server's CAE or
 *   CAEA point of sale, a number already held) is KEPT FOR REVIEW without a number: a 'fallida' CAE row
 *   of the device (cbte_nro NULL, the claim in failure_reason and request_json) that the owner sees in
 *   Facturas and may retry (it is then issued with CAE). The sale is applied and flagged either way.
 * - With `hold` (issue #33.5, docs/invoicing.md «Una venta, una autorización»): the device holds a valid
 *   CAEA and may still number the sale with it. The row is recorded HELD (device_hold): nothing asks ARCA
 *   for it (settle() and the retry loop skip it) until the same sale comes back with `release` (the
 *   device committed to the CAE: the row becomes an ordinary pending one, settled at once) or with `caea`
 *   (the device numbered it: the held row becomes that CAEA invoice, under the same claim rules as above).
 *   Both transitions are conditional updates of a row still held, so at most one ever happens, and a CAEA
 *   claim for a row no longer held (CAE already asked for) never occupies its number: it is flagged.
 *   A held sale's body hash leaves `release` and `caea` out (the hold's outcome is not a different sale).
 * - ARCA is called only after the chunk's transaction committed (settlePushed), with a bounded wait;
 *   beyond it the row stays pending and the invoices retry loop finishes it.
 * - The ARCA configuration is read once per push, before its transactions (`eff`).
 */
import { formatInvoiceNumber } from '../../../domain/invoicing/format';
import { PUSH_INVOICE_NOTES } from '../../../domain/messages';
import type { InvoiceJson } from '../../../domain/schemas/invoices';
import type { PushedInvoice, PushedSale, PushResult } from '../../../domain/schemas/sync';
import type { Q, Store } from '../../db/store';
import type { ArcaContext } from '../invoices/arca-context';
import { invoiceProblem, invoiceRow } from '../invoices/prepare';
import { toInvoiceJson } from '../invoices/invoice-json';
import { invoicesRepository, type InvoiceRow } from '../invoices/repository';
import type { EffectiveArca } from '../invoices/runtime';
import type { FecaeDetRequest } from '../../integrations/arca/wsfe';
import type { DeviceRow } from './devices-repository';
import { pushInvoiceRepository } from './push-invoice-repository';

/** How long a push waits for ARCA before answering with the invoice still pending. */
export const PUSH_SETTLE_WAIT_MS = 4000;

export interface RecordedInvoice {
  /** The stored invoice row, or null when it was left out (see `note`). */
  invoiceId: number | null;
  /** For the counter: why there is no invoice. */
  note?: string;
  /** For the owner: what to check on the sale (review_note lines). */
  review: string[];
}

const ymd = (isoDate: string) => isoDate.replaceAll('-', '');

/** Records the invoice of a sale just applied (inside its savepoint of the unit `tx`). */
export async function recordPushedInvoice(tx: Q, eff: EffectiveArca, device: DeviceRow, saleId: number, userId: number, invoice: PushedInvoice): Promise<RecordedInvoice> {
  const found = (await invoicesRepository.saleForInvoice(tx, saleId))!;
  if (!invoice.caea) {
    const problem = invoiceProblem(eff, found, invoice);
    if (problem) return { invoiceId: null, note: PUSH_INVOICE_NOTES.notRecorded(problem.message), review: [] };
    // Held until the device releases it or reports its CAEA invoice (see the header).
    const held = invoice.hold && !invoice.release ? { deviceHold: true, failureReason: PUSH_INVOICE_NOTES.held } : {};
    return { invoiceId: (await invoicesRepository.insert(tx, { ...invoiceRow(eff, found, invoice), saleId, userId, ...held })).id, review: [] };
  }
  const { caea, ptoVta, cbteNro, cbteFch } = invoice.caea;
  const number = formatInvoiceNumber(ptoVta, cbteNro);
  if (!eff.cuit || !eff.taxCondition) {
    const reason = PUSH_INVOICE_NOTES.notRecorded(eff.missing.join(', '));
    return { invoiceId: null, note: reason, review: [`${PUSH_INVOICE_NOTES.caeaProblem(number)}: ${reason}`] };
  }
  const book = { issuerCuit: eff.cuit, environment: eff.environment, simulator: eff.simulator };
  const refused = await claimRefusal(tx, eff, device, { ...book, ptoVta, cbteTipo: invoice.tipo_comprobante, cbteNro });
  if (refused) {
    // Kept for review: a CAE row of this sale that holds no number (see the header).
    const row = invoiceRow(eff.ptoVta ? eff : { ...eff, ptoVta }, found, invoice);
    const claimed = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CbteDesde: cbteNro, CbteHasta: cbteNro, CbteFch: cbteFch };
    await invoicesRepository.insert(tx, { ...row, saleId, userId, status: 'fallida', cbteFch, requestJson: JSON.stringify(claimed), failureReason: refused, deviceId: device.id });
    return { invoiceId: null, note: refused, review: [refused] };
  }
  const stored = await pushInvoiceRepository.caea(tx, book, caea);
  const review: string[] = [];
  if (!stored) review.push(PUSH_INVOICE_NOTES.caeaUnknown(caea));
  else if (cbteFch < ymd(stored.validFrom) || cbteFch > ymd(stored.validTo)) review.push(PUSH_INVOICE_NOTES.caeaOutOfValidity(cbteFch));
  const problem = invoiceProblem(eff, found, invoice);
  if (problem && problem.statusCode !== 409) review.push(PUSH_INVOICE_NOTES.caeaProblem(problem.message));
  const row = invoiceRow({ ...eff, ptoVta }, found, invoice);
  const detail = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CbteDesde: cbteNro, CbteHasta: cbteNro, CbteFch: cbteFch };
  const inserted = await invoicesRepository.insert(tx, {
    ...row,
    saleId,
    userId,
    status: 'autorizada',
    cbteNro,
    cbteFch,
    requestJson: JSON.stringify(detail),
    ...caeaAuthorized(caea, stored, device),
  });
  return { invoiceId: inserted.id, review };
}

/** What an invoice row holds once the device's CAEA authorises it (still to be reported to ARCA). */
function caeaAuthorized(caea: string, stored: { validTo: string; reportDeadline: string } | null | undefined, device: DeviceRow) {
  return {
    cae: caea,
    caeVto: stored ? ymd(stored.validTo) : null,
    authorizedAt: new Date().toISOString(),
    authorization: 'CAEA' as const,
    deviceId: device.id,
    reportStatus: 'pendiente' as const,
    reportDeadline: stored?.reportDeadline ?? null,
  };
}

/** The body a held sale is hashed with: the hold's outcome (`release`, `caea`) is not another sale. */
export function hashedForm(sale: PushedSale): PushedSale {
  if (!sale.invoice?.hold) return sale;
  const { release: _release, caea: _caea, ...asked } = sale.invoice;
  return { ...sale, invoice: asked };
}

/**
 * A held sale sent again (a replay with the same hashed form): applies the outcome it carries to the
 * sale's invoice row (see the header). `release` on a held row: an ordinary pending row, to settle now.
 * `caea` on a held row: that row becomes the device's CAEA invoice, or a claim kept for review when its
 * number may not be occupied. Anything else answers with the row as it stands.
 */
export async function resumeHeldInvoice(tx: Q, eff: EffectiveArca, device: DeviceRow, saleId: number, userId: number, invoice: PushedInvoice): Promise<RecordedInvoice> {
  const row = await invoicesRepository.bySale(tx, saleId);
  // The first arrival recorded no invoice (the issuer may not emit it), yet the device handed a CAEA one over.
  if (!row) return invoice.caea ? recordPushedInvoice(tx, eff, device, saleId, userId, invoice) : { invoiceId: null, review: [] };
  if (row.deviceHold && invoice.release) {
    await pushInvoiceRepository.takeHeld(tx, row.id, { deviceHold: false, failureReason: null });
    return { invoiceId: row.id, review: [] };
  }
  if (!invoice.caea) return { invoiceId: row.id, review: [] };
  const { ptoVta, cbteNro, cbteFch, caea } = invoice.caea;
  const number = formatInvoiceNumber(ptoVta, cbteNro);
  if (row.authorization === 'CAEA' && row.ptoVta === ptoVta && row.cbteNro === cbteNro) return { invoiceId: row.id, review: [] };
  if (!row.deviceHold) {
    // The CAE was already asked for (never by this device's protocol): the number is not occupied.
    const reason = PUSH_INVOICE_NOTES.caeaAfterCae(number);
    return { invoiceId: row.id, review: [reason] };
  }
  const book = { issuerCuit: row.issuerCuit, environment: row.environment, simulator: row.simulator };
  const claimed = { ...(JSON.parse(row.requestJson) as FecaeDetRequest), CbteDesde: cbteNro, CbteHasta: cbteNro, CbteFch: cbteFch };
  const refused = await claimRefusal(tx, eff, device, { ...book, ptoVta, cbteTipo: row.cbteTipo, cbteNro });
  if (refused) {
    const kept = await pushInvoiceRepository.takeHeld(tx, row.id, { deviceHold: false, status: 'fallida', cbteFch, requestJson: JSON.stringify(claimed), failureReason: refused, deviceId: device.id });
    return kept ? { invoiceId: null, note: refused, review: [refused] } : { invoiceId: row.id, review: [] };
  }
  const stored = await pushInvoiceRepository.caea(tx, book, caea);
  const review: string[] = [];
  if (!stored) review.push(PUSH_INVOICE_NOTES.caeaUnknown(caea));
  else if (cbteFch < ymd(stored.validFrom) || cbteFch > ymd(stored.validTo)) review.push(PUSH_INVOICE_NOTES.caeaOutOfValidity(cbteFch));
  const issued = await pushInvoiceRepository.takeHeld(tx, row.id, {
    deviceHold: false,
    failureReason: null,
    status: 'autorizada',
    ptoVta,
    cbteNro,
    cbteFch,
    requestJson: JSON.stringify(claimed),
    ...caeaAuthorized(caea, stored, device),
  });
  return { invoiceId: row.id, review: issued ? review : [] };
}

/**
 * Why a device's CAEA claim may not occupy its number, or null: a device numbers only on its own CAEA
 * point of sale, never on one of the server's, and never on a number another invoice holds.
 */
async function claimRefusal(tx: Q, eff: EffectiveArca, device: DeviceRow, claim: Parameters<typeof invoicesRepository.holderOf>[1] & { cbteNro: number }): Promise<string | null> {
  const number = formatInvoiceNumber(claim.ptoVta, claim.cbteNro);
  if (claim.ptoVta === eff.ptoVta || claim.ptoVta === eff.caeaPtoVta) return PUSH_INVOICE_NOTES.caeaServerPtoVta(number);
  if (claim.ptoVta !== device.caeaPtoVta) return PUSH_INVOICE_NOTES.caeaWrongPtoVta(number, device.caeaPtoVta);
  if (await invoicesRepository.holderOf(tx, claim, claim.cbteNro)) return PUSH_INVOICE_NOTES.caeaNumberTaken(number);
  return null;
}

/** A claim kept for review (see the header): the device's CAE row still failed, holding no number. */
export const isKeptClaim = (row: Pick<InvoiceRow, 'status' | 'deviceId' | 'authorization'>): boolean =>
  row.status === 'fallida' && row.deviceId !== null && row.authorization === 'CAE';

/** A pushed sale that asked for an invoice: its result, and the row recorded for it (null: left out). */
export interface PushedInvoiceEntry {
  result: PushResult;
  invoiceId: number | null;
}

/** What the counter is told about an invoice as it stands. */
function noteFor(json: InvoiceJson): string | undefined {
  if (json.status === 'pendiente') return PUSH_INVOICE_NOTES.pending;
  if (json.status === 'fallida') return PUSH_INVOICE_NOTES.rejected(json.failureReason ?? 'sin detalle');
  return undefined;
}

/**
 * After the push's transactions committed: settles each recorded invoice, waiting at most `waitMs` for
 * all of them together, then fills each result's `invoice` / `invoiceNote` with the row as it stands.
 * A duplicate returns the stored invoice (settled again when still pending).
 */
export async function settlePushed(store: Store, arca: ArcaContext, entries: PushedInvoiceEntry[], waitMs = PUSH_SETTLE_WAIT_MS): Promise<void> {
  for (const entry of entries) {
    const saleId = entry.result.saleId;
    if (entry.invoiceId === null && entry.result.status === 'duplicate' && saleId !== undefined) {
      entry.invoiceId = (await store.read((q) => invoicesRepository.bySale(q, saleId)))?.id ?? null;
    }
  }
  // A held row is not settled (settle() leaves it as it is too): its device has not released it.
  const settling = entries
    .filter((e) => e.invoiceId !== null)
    .map((e) =>
      arca.issuer.settle(e.invoiceId!).catch(() => {
        // An unexpected failure leaves the row pending for the retry loop; the push already committed the sale.
      }),
    );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(settling), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  for (const entry of entries) {
    if (entry.invoiceId === null) {
      entry.result.invoice = null;
      entry.result.invoiceNote ??= PUSH_INVOICE_NOTES.missing;
      continue;
    }
    const invoiceId = entry.invoiceId;
    const row = (await store.read((q) => invoicesRepository.listRowById(q, invoiceId)))!;
    if (isKeptClaim(row)) {
      // A replay of a claim kept for review: the same answer as the first push.
      entry.result.invoice = null;
      entry.result.invoiceNote = row.failureReason ?? PUSH_INVOICE_NOTES.missing;
      continue;
    }
    const json = toInvoiceJson(row);
    entry.result.invoice = json;
    if (row.deviceHold) {
      entry.result.invoiceHeld = true;
      continue;
    }
    const note = noteFor(json);
    if (note) entry.result.invoiceNote = note;
  }
}
