/**
 * The invoice asked for at checkout (issue #11), as it travels in the sale's outbox entry.
 * Invariants:
 *  - one sale, one authorisation: an entry written as a plain request (no `hold`) is never numbered with
 *    CAEA later (it may already be at ARCA);
 *  - a device numbers with CAEA when, at capture, it knows it cannot reach the server, or (issue #33.5,
 *    invoice-fallback.ts) when a HELD request got no answer from the server in time; always with a CAEA
 *    valid for today (Argentine calendar date) and its own CAEA point of sale (PullReply.caea);
 *  - a request is held when the device holds such a CAEA at capture: the server asks ARCA nothing for it
 *    until the device sends `release`, which it does only after the server answered and only if it did
 *    not number it with CAEA (both decided in Dexie transactions on the entry: one or the other, once);
 *  - the number is max(last number this device used, the server's last number on that point of sale) + 1,
 *    reserved in meta `caeaNumbers` inside the SAME Dexie transaction that writes the outbox entry
 *    (outbox.ts writeSale), so a crash or a reload never hands the same number out twice.
 */
import {
  arcaDate,
  CBTE_LETTER,
  CBTE_TIPO_LABELS,
  formatInvoiceNumber,
  invoiceAmounts,
  isoFromArcaDate,
  type CbteTipo,
  type CondicionIvaReceptor,
  type DocTipo,
  type IvaRate,
} from '../../domain/invoicing';
import { fromCents } from '../../domain/money';
import type { InvoiceJson } from '../../domain/schemas/invoices';
import type { DeviceCaeaJson, PushedInvoice } from '../../domain/schemas/sync';
import { getMeta, setMeta } from './db';

export interface InvoiceRequest {
  tipo: CbteTipo;
  docTipo: DocTipo;
  docNro: string;
  condicion: CondicionIvaReceptor;
  /** The buyer's name and address as printed (issue #33.2; required for an A and at the threshold). */
  buyer?: { name: string | null; address: string | null };
  /** Numbered offline on the device's CAEA point of sale. */
  caea?: { caea: string; ptoVta: number; cbteNro: number; cbteFch: string; validTo: string };
  /**
   * Issue #33.5: asked for while the device held a valid CAEA. Until `released`, the device may number it
   * with CAEA (at `until`, ISO, or at the first push that does not reach the server); `released`: the
   * server answered and the device committed to its CAE.
   */
  hold?: { until: string; released?: true };
}

/** What the counter prints and shows of an invoice: the server's InvoiceJson, or one numbered here with CAEA. */
export type CounterInvoice = Pick<
  InvoiceJson,
  | 'status'
  | 'invoiceType'
  | 'letter'
  | 'typeLabel'
  | 'ptoVta'
  | 'cbteNro'
  | 'invoiceNumber'
  | 'cae'
  | 'cae_expiration'
  | 'date'
  | 'docTipo'
  | 'docNro'
  | 'condicionIvaReceptor'
  | 'total'
  | 'net'
  | 'iva'
  | 'ivaBreakdown'
  | 'environment'
  | 'simulator'
  | 'issuerCuit'
  | 'issuerTaxCondition'
  | 'authorization'
> &
  /** The buyer as issued (the server's snapshot, or what this device numbered offline with CAEA). */
  Partial<Pick<InvoiceJson, 'buyerName' | 'buyerAddress'>>;

/** The push payload of a request. */
export function toPushedInvoice(request: InvoiceRequest): PushedInvoice {
  const { caea, hold } = request;
  return {
    tipo_comprobante: request.tipo,
    documento_tipo: request.docTipo,
    documento_nro: request.docNro,
    condicion_iva_receptor: request.condicion,
    ...(hold ? { hold: true as const } : {}),
    ...(hold?.released && !caea ? { release: true as const } : {}),
    ...(request.buyer ? { receptor_nombre: request.buyer.name, receptor_domicilio: request.buyer.address } : {}),
    ...(caea ? { caea: { caea: caea.caea, ptoVta: caea.ptoVta, cbteNro: caea.cbteNro, cbteFch: caea.cbteFch } } : {}),
  };
}

/** A held request the device may still number with CAEA (not released, not numbered). */
export const mayNumberHeld = (request: InvoiceRequest | null | undefined): boolean => Boolean(request?.hold && !request.hold.released && !request.caea);

/** The CAEA valid on `today` ("YYYY-MM-DD") on the device's point of sale, or null. */
export function caeaFor(data: DeviceCaeaJson | null | undefined, today: string) {
  if (!data || !data.ptoVta) return null;
  const valid = data.caeas.find((c) => c.validFrom <= today && today <= c.validTo);
  return valid ? { ...valid, ptoVta: data.ptoVta } : null;
}

/**
 * Numbers the request on the device's CAEA point of sale when a CAEA is valid now; null otherwise.
 * Call only inside the Dexie transaction that writes the sale's outbox entry (it reserves the number).
 */
export async function reserveCaeaNumber(request: InvoiceRequest, now: Date): Promise<InvoiceRequest['caea'] | null> {
  const cbteFch = arcaDate(now);
  const data = await getMeta('caea');
  const valid = caeaFor(data, isoFromArcaDate(cbteFch));
  if (!data || !valid) return null;
  const key = `${valid.ptoVta}-${request.tipo}`;
  const used = (await getMeta('caeaNumbers')) ?? {};
  const cbteNro = Math.max(used[key] ?? 0, data.lastNumbers[String(request.tipo)] ?? 0) + 1;
  await setMeta('caeaNumbers', { ...used, [key]: cbteNro });
  return { caea: valid.caea, ptoVta: valid.ptoVta, cbteNro, cbteFch, validTo: valid.validTo };
}

/**
 * The request numbered with CAEA now, with the invoice the counter prints, or null (no valid CAEA or no
 * CAEA point of sale). Call only inside the Dexie transaction that writes the entry (it reserves the number).
 */
export async function numberWithCaea(
  request: InvoiceRequest,
  now: Date,
  lines: readonly InvoiceLineInput[],
  discountCents: number,
): Promise<{ request: InvoiceRequest; printed: CounterInvoice } | null> {
  const caea = await reserveCaeaNumber(request, now);
  const data = await getMeta('caea');
  if (!caea || !data) return null;
  const issuer = { issuerCuit: data.issuer.cuit, issuerTaxCondition: data.issuer.taxCondition, environment: data.issuer.environment, simulator: data.issuer.simulator };
  const numbered = { ...request, caea };
  return { request: numbered, printed: localCaeaInvoice(numbered, lines, discountCents, issuer) };
}

export interface InvoiceLineInput {
  quantity: number;
  unitPriceCents: number;
  ivaRate: number;
}

/** The CAEA invoice as printed at the counter, with the amounts the server will compute from the same lines. */
export function localCaeaInvoice(
  request: InvoiceRequest & { caea: NonNullable<InvoiceRequest['caea']> },
  lines: readonly InvoiceLineInput[],
  discountCents: number,
  issuer: Pick<CounterInvoice, 'issuerCuit' | 'issuerTaxCondition' | 'environment' | 'simulator'>,
): CounterInvoice {
  const amounts = invoiceAmounts(
    lines.map((line) => ({ grossCents: line.unitPriceCents * line.quantity, ivaRate: line.ivaRate as IvaRate })),
    discountCents,
    request.tipo,
  );
  const { caea } = request;
  return {
    status: 'autorizada',
    invoiceType: request.tipo,
    letter: CBTE_LETTER[request.tipo],
    typeLabel: CBTE_TIPO_LABELS[request.tipo],
    ptoVta: caea.ptoVta,
    cbteNro: caea.cbteNro,
    invoiceNumber: formatInvoiceNumber(caea.ptoVta, caea.cbteNro),
    cae: caea.caea,
    cae_expiration: caea.validTo,
    date: isoFromArcaDate(caea.cbteFch),
    docTipo: request.docTipo,
    docNro: request.docNro,
    condicionIvaReceptor: request.condicion,
    // The buyer printed as the server will store it (issue #33.3): a Factura A carries name and address.
    buyerName: request.buyer?.name ?? null,
    buyerAddress: request.buyer?.address ?? null,
    total: fromCents(amounts.totalCents),
    net: fromCents(amounts.netCents),
    iva: fromCents(amounts.ivaCents),
    ivaBreakdown: amounts.alicuotas.map((a) => ({ id: a.id, rate: a.rate, base: fromCents(a.baseCents), amount: fromCents(a.ivaCents) })),
    ...issuer,
    authorization: 'CAEA',
  };
}
