/**
 * Simulated WSFEv1 operations over an in-memory ledger per (CUIT, PtoVta, CbteTipo). Replies mirror
 * the recorded ARCA shapes (FEHeaderInfo header, <Op>Response/<Op>Result, Errors/Err, empty <CAE />
 * on rejection, unformatted amounts in FECompConsultar).
 */
import { arcaDate } from '../../../../domain/invoicing/format';
import type { IssuerTaxCondition } from '../../../../domain/invoicing/codes';
import type { ArcaErr } from '../errors';
import { FEV1_NS, toXml, type XmlNode, type XmlObject } from '../xml';
import type { SimCaea, SimSinMovimiento } from './caea-sim';
import { checkCreditNote, isCreditNote } from './credit-note-rules';
import { checkDetail, isRejected } from './rules';

export interface LedgerEntry {
  detail: XmlNode;
  cae: string;
  caeVto: string;
  fchProceso: string;
  observations: ArcaErr[];
  /** 'CAEA' for a comprobante informed with FECAEARegInformativo (`cae` then holds the CAEA); absent = CAE. */
  emisionTipo?: 'CAE' | 'CAEA';
}

export interface SimLedger {
  /** key `${cuit}|${ptoVta}|${cbteTipo}` → entries by number (index 0 = number 1), CAE and CAEA alike. */
  books: Map<string, LedgerEntry[]>;
  caeCounter: number;
  /** key `${cuit}|${periodo}|${orden}` → the CAEA granted for that fortnight (caea-sim.ts). */
  caeas: Map<string, SimCaea>;
  caeaCounter: number;
  sinMovimiento: SimSinMovimiento[];
}

export const bookKey = (cuit: string, ptoVta: number, tipo: number) => `${cuit}|${ptoVta}|${tipo}`;

export function wsfeEnvelope(op: string, result: XmlObject | string): string {
  const inner = typeof result === 'string' ? result : toXml(result);
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Header><FEHeaderInfo xmlns="${FEV1_NS}"><ambiente>HomologacionExterno - simulador</ambiente><fecha>${new Date().toISOString()}</fecha><id>4.3.0.0</id></FEHeaderInfo></soap:Header>` +
    `<soap:Body><${op}Response xmlns="${FEV1_NS}"><${op}Result>${inner}</${op}Result></${op}Response></soap:Body></soap:Envelope>`
  );
}

export const errorsXml = (errs: ArcaErr[]): XmlObject => ({ Errors: { Err: errs.map((e) => ({ Code: e.code, Msg: e.msg })) } });

const stamp = () => new Date(Date.now() - 3 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
const plusDays = (yyyymmdd: string, days: number) => {
  const d = new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8) + days));
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};
const plain = (v: unknown) => String(Number(v ?? 0));

export interface IssueContext {
  cuit: string;
  issuer: IssuerTaxCondition;
  thresholdCents: number;
}

/** FECAESolicitar: validates and, when approved, appends to the ledger. Returns the reply body and whether a CAE was granted. */
export function solicitar(ledger: SimLedger, req: XmlNode, ctx: IssueContext): { body: string; granted: boolean } {
  const cab = req?.FeCAEReq?.FeCabReq ?? {};
  const details: XmlNode[] = req?.FeCAEReq?.FeDetReq?.FECAEDetRequest ?? [];
  const ptoVta = Number(cab.PtoVta);
  const tipo = Number(cab.CbteTipo);
  if (Number(cab.CantReg) !== 1 || details.length !== 1 || !Number.isInteger(ptoVta) || ptoVta < 1) {
    return { body: wsfeEnvelope('FECAESolicitar', errorsXml([{ code: 10001, msg: 'CantReg debe ser igual a la cantidad de FECAEDetRequest (approx.)' }])), granted: false };
  }
  const d = details[0];
  const book = ledger.books.get(bookKey(ctx.cuit, ptoVta, tipo)) ?? [];
  const last = book[book.length - 1];
  const outcome = checkDetail(d, {
    issuer: ctx.issuer,
    cbteTipo: tipo,
    lastNumber: book.length,
    lastDate: last ? String(last.detail.CbteFch) : null,
    todayArca: arcaDate(Date.now()),
    thresholdCents: ctx.thresholdCents,
  });
  if (outcome.errors.length === 0 && isCreditNote(tipo)) {
    outcome.observations.push(...checkCreditNote(d, tipo, (t, p, n) => ledger.books.get(bookKey(ctx.cuit, p, t))?.[n - 1]?.detail));
  }
  const rejected = isRejected(outcome);
  let cae = '';
  let caeVto = '';
  if (!rejected) {
    ledger.caeCounter += 1;
    cae = String(71000000000000 + ledger.caeCounter * 7919 + (Date.now() % 997));
    caeVto = plusDays(String(d.CbteFch), 10);
    book.push({ detail: d, cae, caeVto, fchProceso: stamp(), observations: outcome.observations });
    ledger.books.set(bookKey(ctx.cuit, ptoVta, tipo), book);
  }
  const det: XmlObject = {
    Concepto: String(d.Concepto ?? ''),
    DocTipo: String(d.DocTipo ?? ''),
    DocNro: String(d.DocNro ?? ''),
    CbteDesde: String(d.CbteDesde ?? ''),
    CbteHasta: String(d.CbteHasta ?? ''),
    CbteFch: String(d.CbteFch ?? ''),
    Resultado: rejected ? 'R' : 'A',
    Observaciones: outcome.observations.length ? { Obs: outcome.observations.map((o) => ({ Code: o.code, Msg: o.msg })) } : undefined,
  };
  const result =
    toXml({ FeCabResp: { Cuit: ctx.cuit, PtoVta: ptoVta, CbteTipo: tipo, FchProceso: stamp(), CantReg: 1, Resultado: rejected ? 'R' : 'A', Reproceso: 'N' } }) +
    `<FeDetResp><FECAEDetResponse>${toXml(det)}${cae ? `<CAE>${cae}</CAE><CAEFchVto>${caeVto}</CAEFchVto>` : '<CAE /><CAEFchVto />'}</FECAEDetResponse></FeDetResp>` +
    (outcome.errors.length ? toXml(errorsXml(outcome.errors)) : '');
  return { body: wsfeEnvelope('FECAESolicitar', result), granted: !rejected };
}

/** FECompConsultar; `omit` names ResultGet fields left out of the reply (a fault knob, issue #31.9). */
export function consultar(ledger: SimLedger, req: XmlNode, cuit: string, omit: string[] = []): string {
  const q = req?.FeCompConsReq ?? {};
  const entry = ledger.books.get(bookKey(cuit, Number(q.PtoVta), Number(q.CbteTipo)))?.[Number(q.CbteNro) - 1];
  if (!entry) return wsfeEnvelope('FECompConsultar', errorsXml([{ code: 602, msg: 'No existen datos en nuestros registros para los parametros ingresados.' }]));
  const d = entry.detail;
  const alic: XmlNode[] = d.Iva?.AlicIva ?? [];
  const get: XmlObject = {
    Concepto: String(d.Concepto),
    DocTipo: String(d.DocTipo),
    DocNro: String(d.DocNro),
    CbteDesde: String(d.CbteDesde),
    CbteHasta: String(d.CbteHasta),
    CbteFch: String(d.CbteFch),
    ImpTotal: plain(d.ImpTotal),
    ImpTotConc: plain(d.ImpTotConc),
    ImpNeto: plain(d.ImpNeto),
    ImpOpEx: plain(d.ImpOpEx),
    ImpTrib: plain(d.ImpTrib),
    ImpIVA: plain(d.ImpIVA),
    MonId: String(d.MonId),
    MonCotiz: plain(d.MonCotiz),
    CondicionIVAReceptorId: d.CondicionIVAReceptorId === undefined ? undefined : String(d.CondicionIVAReceptorId),
    CbtesAsoc: d.CbtesAsoc?.CbteAsoc?.length
      ? { CbteAsoc: (d.CbtesAsoc.CbteAsoc as XmlNode[]).map((a) => ({ Tipo: String(a.Tipo), PtoVta: String(a.PtoVta), Nro: String(a.Nro) })) }
      : undefined,
    Iva: alic.length ? { AlicIva: alic.map((x) => ({ Id: String(x.Id), BaseImp: plain(x.BaseImp), Importe: plain(x.Importe) })) } : undefined,
    Resultado: 'A',
    CodAutorizacion: entry.cae,
    EmisionTipo: entry.emisionTipo ?? 'CAE',
    FchVto: entry.caeVto,
    FchProceso: entry.fchProceso,
    Observaciones: entry.observations.length ? { Obs: entry.observations.map((o) => ({ Code: o.code, Msg: o.msg })) } : undefined,
    PtoVta: String(q.PtoVta),
    CbteTipo: String(q.CbteTipo),
  };
  for (const field of omit) delete get[field];
  return wsfeEnvelope('FECompConsultar', { ResultGet: get });
}

export function ultimoAutorizado(ledger: SimLedger, req: XmlNode, cuit: string): string {
  const ptoVta = Number(req?.PtoVta);
  const tipo = Number(req?.CbteTipo);
  const n = ledger.books.get(bookKey(cuit, ptoVta, tipo))?.length ?? 0;
  return wsfeEnvelope('FECompUltimoAutorizado', { PtoVta: ptoVta, CbteTipo: tipo, CbteNro: n });
}
