/**
 * Credit notes (docs/reference/arca-wsfe.md §2 "Credit notes"; issue #11). A cancellation or a partial return
 * of an invoiced sale records, IN ITS OWN WRITE UNIT, one pending credit-note row: type NC of the
 * original's letter (3/8/13), CbtesAsoc to the original, the same buyer, the credited amounts. The issuer
 * then settles it like any invoice (after that unit committed; the retry loop finishes it while ARCA is
 * unreachable), so the note is pending and visible until ARCA authorises it, and issued exactly once:
 * one note per cancellation and per return (unique indexes on invoices), and the issuer's recovery
 * (FECompConsultar, sameComprobante including CbtesAsoc) never authorises a row twice.
 * Only an authorised invoice is credited; one still pending at ARCA must settle first (it may already
 * hold a CAE), and a failed one was never authorised (nothing to credit).
 */
import type { InvoiceAmounts } from '../../../domain/invoicing/amounts';
import { CREDIT_NOTE_TIPO, type CbteTipo } from '../../../domain/invoicing/codes';
import { MSG } from '../../../domain/messages';
import type { InvoiceJson } from '../../../domain/schemas/invoices';
import type { Q, Store } from '../../db/store';
import { conflict } from '../../http/errors';
import type { InvoiceIssuer } from './issuer';
import { invoicesRepository as repo, type InvoiceRow } from './repository';
import { buildDetail } from './request';
import { toInvoiceJson } from './invoice-json';
import type { EffectiveArca } from './runtime';

/** How long a cancellation or a return waits for its note before answering (it keeps settling after). */
export const NOTE_WAIT_MS = 10_000;

/** The sale's invoice a cancellation or return must credit, or null when it has none to credit. Throws 409 while it is pending at ARCA. */
export async function creditableInvoice(q: Q, saleId: number): Promise<InvoiceRow | null> {
  const invoice = await repo.bySale(q, saleId);
  if (!invoice || invoice.status === 'fallida') return null;
  if (invoice.status === 'pendiente') throw conflict(MSG.creditNoteInvoicePending);
  return invoice;
}

/** The point of sale a new note is numbered on: the configured one when it is the same issuer, else the original's. */
export function notePtoVta(eff: EffectiveArca, original: InvoiceRow): number {
  return eff.configured && eff.cuit === original.issuerCuit && eff.ptoVta !== null ? eff.ptoVta : original.ptoVta;
}

/** The original's own amounts: what a cancellation credits. */
export const fullAmounts = (original: InvoiceRow): InvoiceAmounts => ({
  totalCents: original.totalCents,
  netCents: original.netCents,
  ivaCents: original.ivaCents,
  alicuotas: JSON.parse(original.ivaJson) as InvoiceAmounts['alicuotas'],
});

/** Inserts the pending credit note of `original` (call inside the cancellation's or the return's write unit). */
export function recordCreditNote(
  tx: Q,
  original: InvoiceRow,
  amounts: InvoiceAmounts,
  refs: { userId: number; ptoVta: number; saleReturnId: number | null },
): Promise<InvoiceRow> {
  const cbteTipo = CREDIT_NOTE_TIPO[original.cbteTipo as CbteTipo];
  const cbteAsoc = { Tipo: original.cbteTipo, PtoVta: original.ptoVta, Nro: original.cbteNro! };
  return repo.insert(tx, {
    saleId: original.saleId,
    status: 'pendiente',
    environment: original.environment,
    simulator: original.simulator,
    issuerCuit: original.issuerCuit,
    issuerTaxCondition: original.issuerTaxCondition,
    ptoVta: refs.ptoVta,
    cbteTipo,
    cbteNro: null,
    cbteFch: '',
    docTipo: original.docTipo,
    docNro: original.docNro,
    condicionIvaReceptor: original.condicionIvaReceptor,
    // The same buyer as issued on the invoice it credits (issue #33.2), never the customer as edited since.
    buyerName: original.buyerName,
    buyerAddress: original.buyerAddress,
    totalCents: amounts.totalCents,
    netCents: amounts.netCents,
    ivaCents: amounts.ivaCents,
    ivaJson: JSON.stringify(amounts.alicuotas),
    requestJson: JSON.stringify(
      buildDetail({
        cbteTipo,
        cbteNro: 0,
        cbteFch: '',
        docTipo: original.docTipo,
        docNro: original.docNro,
        condicionIvaReceptor: original.condicionIvaReceptor,
        ...amounts,
        cbteAsoc,
      }),
    ),
    userId: refs.userId,
    associatedInvoiceId: original.id,
    saleReturnId: refs.saleReturnId,
  });
}

/** Settles a note for at most `ms`; past that it answers the row as it stands and keeps settling in the background. */
export async function settleWithin(store: Store, issuer: InvoiceIssuer, id: number, ms: number): Promise<InvoiceJson> {
  let timer: NodeJS.Timeout | undefined;
  const settling = issuer.settle(id).catch(() => undefined);
  await Promise.race([settling, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  return store.read((q) => creditNoteJson(q, id));
}

export const creditNoteJson = async (q: Q, id: number): Promise<InvoiceJson> => toInvoiceJson((await repo.listRowById(q, id))!);

export const creditNotesOfSale = async (q: Q, saleId: number): Promise<InvoiceJson[]> => (await repo.creditNotesOfSale(q, saleId)).map(toInvoiceJson);
