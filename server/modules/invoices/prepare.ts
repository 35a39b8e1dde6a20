/**
 * The pure preparation of a sale's invoice row, shared by "generate for a sale" (service.ts) and the sync
 * push (issue #11, server/modules/sync/push-invoice.ts): issuing configured, a paid sale with lines, the
 * type the issuer may emit for this buyer (domain/invoicing/letter.ts), the buyer's document, the
 * identification threshold and the buyer's name and address where the letter or the amount needs them
 * (domain/invoicing/buyer.ts, issue #33.3). The row keeps the buyer as issued (buyer_name, buyer_address
 * next to the document and condition): a snapshot no later edit changes. It reads nothing and writes nothing: a refusal is an AppError (4xx) whose
 * Spanish message the caller answers with or records.
 */
import { invoiceAmounts, type InvoiceLine } from '../../../domain/invoicing/amounts';
import { ivaRateFromBp } from '../../../domain/invoicing/codes';
import { documentProblem } from '../../../domain/invoicing/cuit';
import { buyerDataProblem, buyerText, type InvoiceBuyer } from '../../../domain/invoicing/buyer';
import { letterProblem } from '../../../domain/invoicing/letter';
import { thresholdProblem } from '../../../domain/invoicing/threshold';
import { MSG } from '../../../domain/messages';
import type { GenerateInvoiceBody } from '../../../domain/schemas/invoices';
import { badRequest, conflict, type AppError } from '../../http/errors';
import type { NewInvoiceRow } from './repository';
import { buildDetail } from './request';
import type { EffectiveArca } from './runtime';

export interface SaleToInvoice {
  /** customerName: the sale's free text, the buyer's name when the request names none. */
  sale: { totalCents: number; discountCents: number; paymentStatus: string; customerName: string | null };
  items: { subtotalCents: number; ivaRateBp: number }[];
}

/** A stored sale with what its partial returns took back, per line and in all. */
export interface SaleWithReturns {
  sale: SaleToInvoice['sale'] & { returnedCents: number };
  items: (SaleToInvoice['items'][number] & { quantity: number; returnedCents: number; returnedQuantity: number })[];
}

/**
 * What remains of a sale after its partial returns, as the sale to invoice: each line net of its returned
 * gross (lines returned in full dropped), the total net of the refunds, and the discount left on what
 * remains (remaining gross − remaining total; never negative: refunds follow domain/sale-returns.ts).
 * Without returns it is the sale itself.
 */
export function remainingToInvoice(found: SaleWithReturns): SaleToInvoice {
  const items = found.items.filter((i) => i.returnedQuantity < i.quantity).map((i) => ({ subtotalCents: i.subtotalCents - i.returnedCents, ivaRateBp: i.ivaRateBp }));
  const grossCents = items.reduce((a, i) => a + i.subtotalCents, 0);
  const totalCents = found.sale.totalCents - found.sale.returnedCents;
  return { sale: { ...found.sale, totalCents, discountCents: grossCents - totalCents }, items };
}

/** The amounts and request of the sale's invoice: every column but sale_id and user_id. */
export type PreparedInvoice = Omit<NewInvoiceRow, 'saleId' | 'userId'> & Required<Pick<NewInvoiceRow, 'issuerCuit' | 'ptoVta' | 'cbteTipo' | 'totalCents'>>;

/** Why this sale cannot be invoiced with this request now (a 4xx AppError), or null. */
export function invoiceProblem(eff: EffectiveArca, found: SaleToInvoice, body: GenerateInvoiceBody): AppError | null {
  if (!eff.configured) return conflict(`${MSG.invoiceNotConfigured} Falta: ${eff.missing.join(', ')}.`);
  const { sale, items } = found;
  if (sale.paymentStatus !== 'pagado') return badRequest(MSG.invoiceSaleNotPaid);
  const problem =
    letterProblem(eff.taxCondition!, body.tipo_comprobante, body.condicion_iva_receptor, body.documento_tipo) ??
    documentProblem(body.documento_tipo, body.documento_nro) ??
    thresholdProblem(sale.totalCents, body.documento_tipo, eff.thresholdCents) ??
    buyerDataProblem(body.tipo_comprobante, buyerOf(found, body), sale.totalCents, eff.thresholdCents);
  if (problem) return badRequest(problem);
  if (items.length === 0) return badRequest(MSG.invoiceNoLines);
  return null;
}

/** The buyer an invoice of this sale names: the request's, the sale's customer name when the request gives none. */
export function buyerOf(found: SaleToInvoice, body: GenerateInvoiceBody): InvoiceBuyer {
  return {
    docTipo: body.documento_tipo,
    docNro: body.documento_nro,
    condicionIvaReceptor: body.condicion_iva_receptor,
    name: buyerText(body.receptor_nombre) ?? buyerText(found.sale.customerName),
    address: buyerText(body.receptor_domicilio),
  };
}

/** The pending CAE row for a sale (no number yet: the issuer numbers it right before sending); throws invoiceProblem. */
export function prepareInvoice(eff: EffectiveArca, found: SaleToInvoice, body: GenerateInvoiceBody): PreparedInvoice {
  const problem = invoiceProblem(eff, found, body);
  if (problem) throw problem;
  return invoiceRow(eff, found, body);
}

/** The row's amounts and request, unchecked (the caller checked, or records an invoice already handed over). */
export function invoiceRow(eff: Pick<EffectiveArca, 'environment' | 'simulator' | 'cuit' | 'taxCondition' | 'ptoVta'>, found: SaleToInvoice, body: GenerateInvoiceBody): PreparedInvoice {
  const lines: InvoiceLine[] = found.items.map((i) => ({ grossCents: i.subtotalCents, ivaRate: ivaRateFromBp(i.ivaRateBp) }));
  const amounts = invoiceAmounts(lines, found.sale.discountCents, body.tipo_comprobante);
  const buyer = buyerOf(found, body);
  return {
    status: 'pendiente',
    environment: eff.environment,
    simulator: eff.simulator,
    issuerCuit: eff.cuit!,
    issuerTaxCondition: eff.taxCondition!,
    ptoVta: eff.ptoVta!,
    cbteTipo: body.tipo_comprobante,
    cbteNro: null,
    cbteFch: '',
    docTipo: body.documento_tipo,
    docNro: body.documento_nro,
    condicionIvaReceptor: body.condicion_iva_receptor,
    buyerName: buyer.name,
    buyerAddress: buyer.address,
    totalCents: amounts.totalCents,
    netCents: amounts.netCents,
    ivaCents: amounts.ivaCents,
    ivaJson: JSON.stringify(amounts.alicuotas),
    requestJson: JSON.stringify(
      buildDetail({ cbteTipo: body.tipo_comprobante, cbteNro: 0, cbteFch: '', docTipo: body.documento_tipo, docNro: body.documento_nro, condicionIvaReceptor: body.condicion_iva_receptor, ...amounts }),
    ),
    failureReason: null,
    errorCode: null,
    attempts: 0,
    nextRetryAt: null,
    observationsJson: '[]',
  };
}
