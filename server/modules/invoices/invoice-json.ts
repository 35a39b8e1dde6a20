/** Invoice row → the InvoiceJson of domain/schemas/invoices.ts (decimal money, ISO dates, QR URL). */
import type { AlicuotaAmounts } from '../../../domain/invoicing/amounts';
import { CBTE_LETTER, CBTE_TIPO_LABELS, type ComprobanteTipo, type CondicionIvaReceptor, type DocTipo } from '../../../domain/invoicing/codes';
import { saleCondition } from '../../../domain/invoicing/sale-condition';
import { buildQrUrl, formatInvoiceNumber, isoFromArcaDate } from '../../../domain/invoicing/format';
import { fromCents } from '../../../domain/money';
import type { ArcaObservationJson, InvoiceJson } from '../../../domain/schemas/invoices';
import type { InvoiceListRow } from './repository';

export function toInvoiceJson(r: InvoiceListRow): InvoiceJson {
  const tipo = r.cbteTipo as ComprobanteTipo;
  const number = r.cbteNro === null ? '' : formatInvoiceNumber(r.ptoVta, r.cbteNro);
  const alicuotas = JSON.parse(r.ivaJson) as AlicuotaAmounts[];
  const authorized = r.status === 'autorizada' && r.cae !== null && r.cbteNro !== null;
  return {
    id: r.id,
    saleId: r.saleId,
    saleNumber: r.saleNumber,
    saleDate: r.saleDate,
    status: r.status,
    invoice_type: tipo,
    invoiceType: tipo,
    letter: CBTE_LETTER[tipo],
    typeLabel: CBTE_TIPO_LABELS[tipo],
    ptoVta: r.ptoVta,
    cbteNro: r.cbteNro ?? 0,
    invoice_number: number,
    invoiceNumber: number,
    cae: r.cae,
    invoiceCAE: r.cae,
    cae_expiration: r.caeVto ? isoFromArcaDate(r.caeVto) : null,
    date: isoFromArcaDate(r.cbteFch),
    docTipo: r.docTipo as DocTipo,
    docNro: r.docNro,
    condicionIvaReceptor: r.condicionIvaReceptor as CondicionIvaReceptor,
    buyerName: r.buyerName,
    buyerAddress: r.buyerAddress,
    saleCondition: saleCondition(r.paymentMethod),
    total: fromCents(r.totalCents),
    net: fromCents(r.netCents),
    iva: fromCents(r.ivaCents),
    ivaBreakdown: alicuotas.map((a) => ({ id: a.id, rate: a.rate, base: fromCents(a.baseCents), amount: fromCents(a.ivaCents) })),
    observations: JSON.parse(r.observationsJson) as ArcaObservationJson[],
    failureReason: r.status === 'autorizada' ? null : r.failureReason,
    attempts: r.attempts,
    nextRetryAt: r.status === 'pendiente' ? r.nextRetryAt : null,
    environment: r.environment,
    simulator: r.simulator,
    issuerCuit: r.issuerCuit,
    issuerTaxCondition: r.issuerTaxCondition,
    authorization: r.authorization,
    report:
      r.authorization === 'CAEA' && r.reportStatus && r.reportDeadline
        ? { status: r.reportStatus, deadline: r.reportDeadline, error: r.reportError, reportedAt: r.reportedAt }
        : null,
    qrUrl: authorized
      ? buildQrUrl({
          fecha: r.cbteFch,
          cuit: r.issuerCuit,
          ptoVta: r.ptoVta,
          tipoCmp: tipo,
          nroCmp: r.cbteNro!,
          importe: fromCents(r.totalCents),
          tipoDocRec: r.docTipo,
          nroDocRec: r.docNro,
          codAut: r.cae!,
          tipoCodAut: r.authorization === 'CAEA' ? 'A' : 'E',
        })
      : null,
    user: { id: r.userId, fullName: r.userFullName, username: r.username },
    createdAt: r.createdAt,
    authorizedAt: r.authorizedAt,
    associated: associatedJson(r),
    saleReturnId: r.saleReturnId,
  };
}

function associatedJson(r: InvoiceListRow): InvoiceJson['associated'] {
  if (r.associatedInvoiceId === null || !r.associatedRef) return null;
  const [tipo, ptoVta, nro] = r.associatedRef.split('|').map(Number);
  return { id: r.associatedInvoiceId, typeLabel: CBTE_TIPO_LABELS[tipo as ComprobanteTipo], invoiceNumber: formatInvoiceNumber(ptoVta, nro) };
}
