/**
 * Simulated CAEA operations of WSFEv1 (docs/reference/arca-wsfe.md §3), shapes as recorded by pyafipws:
 * - FECAEASolicitar: one CAEA per (CUIT, Periodo, Orden); only from 5 days before the fortnight until its
 *   last day (Err 15006); asking again for a fortnight already granted answers the same CAEA.
 * - FECAEAConsultar: the granted CAEA, or Err 602.
 * - FECAEARegInformativo: Err 782 when the CAEA is missing or unknown; the comprobante's date must fall in
 *   the CAEA's fortnight; numbering is correlative per (PtoVta, CbteTipo) in the same books as CAE
 *   comprobantes, so a number already informed is an error, never a second record; the other checks are
 *   the FECAESolicitar rules (rules.ts). Informed comprobantes are found by FECompConsultar (EmisionTipo
 *   "CAEA").
 * - FECAEASinMovimientoInformar / Consultar: a CAEA point of sale that issued nothing, recorded once.
 * Codes not documented in docs/reference/arca-wsfe.md are marked (approx.).
 */
import { addDays, canRequestOn, fortnight, type Fortnight } from '../../../../domain/invoicing/caea';
import type { ArcaErr } from '../errors';
import { toXml, type XmlNode, type XmlObject } from '../xml';
import { checkDetail, isRejected } from './rules';
import { bookKey, errorsXml, wsfeEnvelope, type IssueContext, type SimLedger } from './wsfe-sim';

export interface SimCaea {
  cuit: string;
  caea: string;
  periodo: number;
  orden: 1 | 2;
  /** yyyymmdd */
  fchVigDesde: string;
  fchVigHasta: string;
  fchTopeInf: string;
  fchProceso: string;
}

export interface SimSinMovimiento {
  cuit: string;
  caea: string;
  ptoVta: number;
  fchProceso: string;
}

/** Days after a fortnight's end until which its CAEA comprobantes may be informed (approx.). */
const REPORT_DAYS = 8;
const compact = (iso: string) => iso.replaceAll('-', '');
const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const stamp = () => new Date(Date.now() - 3 * 3600_000).toISOString().replace(/[-T:]/g, '').slice(0, 14);
const caeaKey = (cuit: string, periodo: number, orden: number) => `${cuit}|${periodo}|${orden}`;

function fortnightOfRequest(req: XmlNode): { f: Fortnight } | { err: ArcaErr } {
  const periodo = String(req?.Periodo ?? '');
  const orden = Number(req?.Orden);
  const month = Number(periodo.slice(4, 6));
  if (!/^\d{6}$/.test(periodo) || month < 1 || month > 12) {
    return { err: { code: 15004, msg: 'El campo <Periodo> debe tener el formato AAAAMM, donde AAAA indica el año y MM el mes en números.' } };
  }
  if (orden !== 1 && orden !== 2) return { err: { code: 15005, msg: 'El campo <Orden> debe ser 1 o 2 (approx.)' } };
  return { f: fortnight(Number(periodo), orden) };
}

const caeaResult = (c: SimCaea): XmlObject => ({
  ResultGet: { CAEA: c.caea, Periodo: c.periodo, Orden: c.orden, FchVigDesde: c.fchVigDesde, FchVigHasta: c.fchVigHasta, FchTopeInf: c.fchTopeInf, FchProceso: c.fchProceso },
});

export function caeaSolicitar(ledger: SimLedger, req: XmlNode, cuit: string, today: string): string {
  const op = 'FECAEASolicitar';
  const asked = fortnightOfRequest(req);
  if ('err' in asked) return wsfeEnvelope(op, errorsXml([asked.err]));
  const { f } = asked;
  const existing = ledger.caeas.get(caeaKey(cuit, f.periodo, f.orden));
  if (existing) return wsfeEnvelope(op, caeaResult(existing));
  if (!canRequestOn(f, iso(today))) {
    const us = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}/${d.slice(0, 4)}`;
    return wsfeEnvelope(
      op,
      errorsXml([{ code: 15006, msg: `Fecha de envío podrá ser desde 5 días corridos anteriores al inicio hasta el último dia de cada quincena. Del ${us(addDays(f.from, -5))} hasta ${us(f.to)}` }]),
    );
  }
  ledger.caeaCounter += 1;
  const granted: SimCaea = {
    cuit,
    caea: String(31000000000000 + ledger.caeaCounter * 104729 + (Date.now() % 1009)),
    periodo: f.periodo,
    orden: f.orden,
    fchVigDesde: compact(f.from),
    fchVigHasta: compact(f.to),
    fchTopeInf: compact(addDays(f.to, REPORT_DAYS)),
    fchProceso: today,
  };
  ledger.caeas.set(caeaKey(cuit, f.periodo, f.orden), granted);
  return wsfeEnvelope(op, caeaResult(granted));
}

export function caeaConsultar(ledger: SimLedger, req: XmlNode, cuit: string): string {
  const op = 'FECAEAConsultar';
  const asked = fortnightOfRequest(req);
  if ('err' in asked) return wsfeEnvelope(op, errorsXml([asked.err]));
  const found = ledger.caeas.get(caeaKey(cuit, asked.f.periodo, asked.f.orden));
  if (!found) {
    return wsfeEnvelope(op, { ResultGet: { Periodo: asked.f.periodo, Orden: asked.f.orden }, ...errorsXml([{ code: 602, msg: 'No existen datos en nuestros registros para los parametros ingresados.' }]) });
  }
  return wsfeEnvelope(op, caeaResult(found));
}

const caeaOf = (ledger: SimLedger, cuit: string, code: string) => [...ledger.caeas.values()].find((c) => c.cuit === cuit && c.caea === code);

/** FECAEARegInformativo: each detail in order; an approved one is recorded in its book. Returns the reply and how many were recorded. */
export function caeaRegInformativo(ledger: SimLedger, req: XmlNode, ctx: IssueContext): { body: string; recorded: number } {
  const op = 'FECAEARegInformativo';
  const cab = req?.FeCAEARegInfReq?.FeCabReq ?? {};
  const details: XmlNode[] = req?.FeCAEARegInfReq?.FeDetReq?.FECAEADetRequest ?? [];
  const ptoVta = Number(cab.PtoVta);
  const tipo = Number(cab.CbteTipo);
  if (Number(cab.CantReg) !== details.length || details.length === 0 || !Number.isInteger(ptoVta) || ptoVta < 1) {
    return { body: wsfeEnvelope(op, errorsXml([{ code: 10001, msg: 'CantReg debe ser igual a la cantidad de FECAEADetRequest (approx.)' }])), recorded: 0 };
  }
  const key = bookKey(ctx.cuit, ptoVta, tipo);
  const book = ledger.books.get(key) ?? [];
  const errors: ArcaErr[] = [];
  let recorded = 0;
  const dets: string[] = [];
  for (const d of details) {
    const code = String(d.CAEA ?? '');
    const fch = String(d.CbteFch ?? '');
    const nro = Number(d.CbteDesde);
    const caea = code ? caeaOf(ledger, ctx.cuit, code) : undefined;
    const obs: ArcaErr[] = [];
    const last = book[book.length - 1];
    if (!caea) errors.push({ code: 782, msg: code ? 'El <CAEA> informado no existe para el emisor (approx.)' : 'El <CAEA> es obligatorio informarlo.' });
    else if (!(fch >= caea.fchVigDesde && fch <= caea.fchVigHasta)) {
      errors.push({ code: 1205, msg: 'La fecha del comprobante debe estar comprendida en la vigencia del CAEA (approx.)' });
    } else if (Number.isInteger(nro) && nro >= 1 && nro <= book.length) {
      errors.push({ code: 1207, msg: `El comprobante ${nro} ya fue informado para el punto de venta y tipo (approx.)` });
    } else {
      const outcome = checkDetail(d, { issuer: ctx.issuer, cbteTipo: tipo, lastNumber: book.length, lastDate: last ? String(last.detail.CbteFch) : null, todayArca: fch, thresholdCents: ctx.thresholdCents });
      errors.push(...outcome.errors);
      obs.push(...outcome.observations);
      if (!isRejected(outcome)) {
        book.push({ detail: d, cae: code, caeVto: caea.fchVigHasta, fchProceso: stamp(), observations: outcome.observations, emisionTipo: 'CAEA' });
        recorded += 1;
      }
    }
    const approved = book[book.length - 1]?.detail === d;
    const det: XmlObject = {
      Concepto: String(d.Concepto ?? ''),
      DocTipo: String(d.DocTipo ?? ''),
      DocNro: String(d.DocNro ?? ''),
      CbteDesde: String(d.CbteDesde ?? ''),
      CbteHasta: String(d.CbteHasta ?? ''),
      CbteFch: fch,
      Resultado: approved ? 'A' : 'R',
      Observaciones: obs.length ? { Obs: obs.map((o) => ({ Code: o.code, Msg: o.msg })) } : undefined,
    };
    dets.push(`<FECAEADetResponse>${toXml(det)}${approved ? `<CAEA>${code}</CAEA>` : '<CAEA />'}</FECAEADetResponse>`);
  }
  ledger.books.set(key, book);
  const resultado = recorded === details.length ? 'A' : recorded === 0 ? 'R' : 'P';
  const body =
    toXml({ FeCabResp: { Cuit: ctx.cuit, PtoVta: ptoVta, CbteTipo: tipo, FchProceso: stamp(), CantReg: details.length, Resultado: resultado, Reproceso: 'N' } }) +
    `<FeDetResp>${dets.join('')}</FeDetResp>` +
    (errors.length ? toXml(errorsXml(errors)) : '');
  return { body: wsfeEnvelope(op, body), recorded };
}

export function caeaSinMovimientoInformar(ledger: SimLedger, req: XmlNode, cuit: string, today: string): { body: string; recorded: boolean } {
  const op = 'FECAEASinMovimientoInformar';
  const code = String(req?.CAEA ?? '');
  const ptoVta = Number(req?.PtoVta);
  const reply = (resultado: 'A' | 'R', errs: ArcaErr[]) =>
    wsfeEnvelope(op, { CAEA: code, FchProceso: today, PtoVta: String(req?.PtoVta ?? ''), Resultado: resultado, ...(errs.length ? errorsXml(errs) : {}) });
  if (!caeaOf(ledger, cuit, code)) return { body: reply('R', [{ code: 1200, msg: 'El codigo de autorizacion debe ser del tipo CAEA' }]), recorded: false };
  if (!Number.isInteger(ptoVta) || ptoVta < 1) return { body: reply('R', [{ code: 1201, msg: 'El punto de venta no es valido (approx.)' }]), recorded: false };
  const issued = [...ledger.books.entries()].some(([k, entries]) => k.startsWith(`${cuit}|${ptoVta}|`) && entries.some((e) => e.emisionTipo === 'CAEA' && e.cae === code));
  if (issued) return { body: reply('R', [{ code: 1203, msg: 'El punto de venta informo comprobantes con el CAEA (approx.)' }]), recorded: false };
  if (ledger.sinMovimiento.some((s) => s.cuit === cuit && s.caea === code && s.ptoVta === ptoVta)) {
    return { body: reply('R', [{ code: 1204, msg: 'Ya se informo el CAEA sin movimiento para el punto de venta (approx.)' }]), recorded: false };
  }
  ledger.sinMovimiento.push({ cuit, caea: code, ptoVta, fchProceso: today });
  return { body: reply('A', []), recorded: true };
}

export function caeaSinMovimientoConsultar(ledger: SimLedger, req: XmlNode, cuit: string): string {
  const op = 'FECAEASinMovimientoConsultar';
  const code = String(req?.CAEA ?? '');
  const ptoVta = Number(req?.PtoVta);
  const found = ledger.sinMovimiento.filter((s) => s.cuit === cuit && s.caea === code && (!ptoVta || s.ptoVta === ptoVta));
  if (!found.length) return wsfeEnvelope(op, errorsXml([{ code: 602, msg: 'No existen datos en nuestros registros para los parametros ingresados.' }]));
  return wsfeEnvelope(op, { ResultGet: { FECAEASinMov: found.map((s) => ({ CAEA: s.caea, FchProceso: s.fchProceso, PtoVta: s.ptoVta })) } });
}
