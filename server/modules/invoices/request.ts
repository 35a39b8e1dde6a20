/** Builds the exact FECAEDetRequest for an invoice or credit-note row (WSDL element order: CbtesAsoc before Iva; amounts with 2 decimals). */
import type { AlicuotaAmounts } from '../../../domain/invoicing/amounts';
import { amount } from '../../integrations/arca/xml';
import type { CbteAsoc, FecaeDetRequest } from '../../integrations/arca/wsfe';

export interface DetailInput {
  cbteTipo: number;
  cbteNro: number;
  cbteFch: string;
  docTipo: number;
  docNro: string;
  condicionIvaReceptor: number;
  totalCents: number;
  netCents: number;
  ivaCents: number;
  alicuotas: AlicuotaAmounts[];
  /** Credit notes: the invoice they credit. */
  cbteAsoc?: CbteAsoc;
}

export function buildDetail(d: DetailInput): FecaeDetRequest {
  const detail: FecaeDetRequest = {
    Concepto: 1,
    DocTipo: d.docTipo,
    DocNro: d.docNro,
    CbteDesde: d.cbteNro,
    CbteHasta: d.cbteNro,
    CbteFch: d.cbteFch,
    ImpTotal: amount(d.totalCents),
    ImpTotConc: amount(0),
    ImpNeto: amount(d.netCents),
    ImpOpEx: amount(0),
    ImpTrib: amount(0),
    ImpIVA: amount(d.ivaCents),
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: d.condicionIvaReceptor,
  };
  if (d.cbteAsoc) detail.CbtesAsoc = { CbteAsoc: [d.cbteAsoc] };
  if (d.cbteTipo !== 11 && d.cbteTipo !== 13 && d.alicuotas.length) {
    detail.Iva = { AlicIva: d.alicuotas.map((a) => ({ Id: a.id, BaseImp: amount(a.baseCents), Importe: amount(a.ivaCents) })) };
  }
  return detail;
}
