/**
 * WSFEv1 client: one method per operation, SOAP 1.1 with the FEV1 namespace on the operation element.
 * Business errors come back as HTTP 200 with Errors/Err and are thrown as ArcaServiceError, except on
 * FECAESolicitar whose reply (approved, rejected, or with Errors) is returned whole for the issuer.
 */
import { ArcaServiceError, ArcaTransportError, type ArcaErr } from './errors';
import { postSoap } from './http';
import { soapFaultOf } from './wsaa';
import { FEV1_NS, parseXml, soapBody, toXml, type XmlNode, type XmlObject } from './xml';

export interface WsfeAuth {
  token: string;
  sign: string;
  cuit: string;
}

/** FECAEDetRequest in WSDL order (keys are serialised in insertion order). */
export interface FecaeDetRequest extends XmlObject {
  Concepto: number;
  DocTipo: number;
  DocNro: string;
  CbteDesde: number;
  CbteHasta: number;
  CbteFch: string;
  ImpTotal: string;
  ImpTotConc: string;
  ImpNeto: string;
  ImpOpEx: string;
  ImpTrib: string;
  ImpIVA: string;
  MonId: string;
  MonCotiz: string;
  CondicionIVAReceptorId: number;
  /** Credit and debit notes: the comprobante they refer to. */
  CbtesAsoc?: { CbteAsoc: CbteAsoc[] };
  Iva?: { AlicIva: { Id: number; BaseImp: string; Importe: string }[] };
}

export interface CbteAsoc extends XmlObject {
  Tipo: number;
  PtoVta: number;
  Nro: number;
}

export interface CaeResult {
  resultado: 'A' | 'R' | 'P' | '';
  cae: string;
  caeVto: string;
  cbteNro: number;
  cbteFch: string;
  observations: ArcaErr[];
  errors: ArcaErr[];
}

export interface ConsultResult {
  detail: XmlNode;
  resultado: string;
  cae: string;
  caeVto: string;
  cbteFch: string;
  emisionTipo: string;
}

export const errList = (node: XmlNode, item: 'Err' | 'Obs'): ArcaErr[] =>
  ((node?.[item] as XmlNode[] | undefined) ?? []).map((e) => ({ code: Number(e.Code), msg: String(e.Msg ?? '') }));

export class WsfeClient {
  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  /** One WSFEv1 operation: its <Op>Result node (used by caea.ts for the CAEA operations). */
  async call(op: string, content: XmlObject): Promise<XmlNode> {
    const body =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
      `<soap:Header/><soap:Body><${op} xmlns="${FEV1_NS}">${toXml(content)}</${op}></soap:Body></soap:Envelope>`;
    const reply = await postSoap(this.url, body, `${FEV1_NS}${op}`, this.timeoutMs);
    if (reply.status !== 200) {
      const fault = soapFaultOf(reply.body, reply.status);
      throw new ArcaTransportError(fault ? `WSFEv1: ${fault.message}` : `WSFEv1 respondió HTTP ${reply.status}`, reply.status);
    }
    let doc: XmlNode;
    try {
      doc = parseXml(reply.body);
    } catch {
      throw new ArcaTransportError('Respuesta de WSFEv1 ilegible');
    }
    const result = soapBody(doc)[`${op}Response`]?.[`${op}Result`];
    if (result === undefined) throw new ArcaTransportError(`Respuesta de WSFEv1 sin ${op}Result`);
    return result;
  }

  static auth(a: WsfeAuth): XmlObject {
    return { Auth: { Token: a.token, Sign: a.sign, Cuit: a.cuit } };
  }

  static check(result: XmlNode): XmlNode {
    const errors = errList(result?.Errors, 'Err');
    if (errors.length) throw new ArcaServiceError(errors);
    return result;
  }

  async dummy(): Promise<{ appServer: string; dbServer: string; authServer: string }> {
    const r = await this.call('FEDummy', {});
    return { appServer: String(r.AppServer ?? ''), dbServer: String(r.DbServer ?? ''), authServer: String(r.AuthServer ?? '') };
  }

  /** Last authorised number; Errors are checked first (the reply also says 0 on failure). */
  async lastAuthorized(auth: WsfeAuth, ptoVta: number, cbteTipo: number): Promise<number> {
    const r = WsfeClient.check(await this.call('FECompUltimoAutorizado', { ...WsfeClient.auth(auth), PtoVta: ptoVta, CbteTipo: cbteTipo }));
    return Number(r.CbteNro ?? 0);
  }

  async requestCae(auth: WsfeAuth, ptoVta: number, cbteTipo: number, detail: FecaeDetRequest): Promise<CaeResult> {
    const r = await this.call('FECAESolicitar', {
      ...WsfeClient.auth(auth),
      FeCAEReq: { FeCabReq: { CantReg: 1, PtoVta: ptoVta, CbteTipo: cbteTipo }, FeDetReq: { FECAEDetRequest: [detail] } },
    });
    const errors = errList(r.Errors, 'Err');
    const det = (r.FeDetResp?.FECAEDetResponse as XmlNode[] | undefined)?.[0];
    if (!det) {
      if (errors.length) throw new ArcaServiceError(errors);
      throw new ArcaTransportError('Respuesta de FECAESolicitar sin detalle');
    }
    return {
      resultado: String(det.Resultado ?? '') as CaeResult['resultado'],
      cae: String(det.CAE ?? ''),
      caeVto: String(det.CAEFchVto ?? ''),
      cbteNro: Number(det.CbteDesde),
      cbteFch: String(det.CbteFch ?? ''),
      observations: errList(det.Observaciones, 'Obs'),
      errors,
    };
  }

  /** A comprobante as ARCA has it; throws ArcaServiceError 602 when it does not exist. */
  async consult(auth: WsfeAuth, ptoVta: number, cbteTipo: number, cbteNro: number): Promise<ConsultResult> {
    const r = WsfeClient.check(
      await this.call('FECompConsultar', { ...WsfeClient.auth(auth), FeCompConsReq: { CbteTipo: cbteTipo, CbteNro: cbteNro, PtoVta: ptoVta } }),
    );
    const g = r.ResultGet ?? {};
    return {
      detail: g,
      resultado: String(g.Resultado ?? ''),
      cae: String(g.CodAutorizacion ?? ''),
      caeVto: String(g.FchVto ?? ''),
      cbteFch: String(g.CbteFch ?? ''),
      emisionTipo: String(g.EmisionTipo ?? ''),
    };
  }

  private async params(auth: WsfeAuth, op: string, item: string, extra: XmlObject = {}): Promise<XmlNode[]> {
    const r = WsfeClient.check(await this.call(op, { ...WsfeClient.auth(auth), ...extra }));
    return (r.ResultGet?.[item] as XmlNode[] | undefined) ?? [];
  }

  async tiposCbte(auth: WsfeAuth): Promise<{ id: number; desc: string }[]> {
    return (await this.params(auth, 'FEParamGetTiposCbte', 'CbteTipo')).map((x) => ({ id: Number(x.Id), desc: String(x.Desc) }));
  }

  async tiposDoc(auth: WsfeAuth): Promise<{ id: number; desc: string }[]> {
    return (await this.params(auth, 'FEParamGetTiposDoc', 'DocTipo')).map((x) => ({ id: Number(x.Id), desc: String(x.Desc) }));
  }

  async condicionesIvaReceptor(auth: WsfeAuth, claseCmp: 'A' | 'B' | 'C'): Promise<{ id: number; desc: string; clase: string }[]> {
    return (await this.params(auth, 'FEParamGetCondicionIvaReceptor', 'CondicionIvaReceptor', { ClaseCmp: claseCmp })).map((x) => ({
      id: Number(x.Id),
      desc: String(x.Desc),
      clase: String(x.Cmp_Clase ?? ''),
    }));
  }
}

/**
 * How a comprobante found by FECompConsultar compares with what we sent for that number (issue #31.9:
 * recovery never rests on one field). 'same': every field the request fixed that the reply carries is
 * equal (type, number, date, buyer, amounts numerically, Iva and CbtesAsoc as sets), and the reply carries
 * at least the buyer's document, the date and the total; 'other': some field it carries differs; 'unclear': it lacks
 * one of those four, so it can be told neither ours nor another's (the caller must neither adopt it nor
 * send anything for that number).
 */
export function matchComprobante(sent: FecaeDetRequest, found: XmlNode, cbteTipo: number): 'same' | 'other' | 'unclear' {
  const has = (v: unknown) => v !== undefined && v !== null && String(v) !== '';
  const num = (v: unknown) => Number(v ?? 0);
  const differs = (v: unknown, mine: unknown, exact = false) => has(v) && (exact ? String(v) !== String(mine) : num(v) !== num(mine));
  if (differs(found.CbteTipo, cbteTipo) || differs(found.CbteDesde, sent.CbteDesde) || differs(found.CbteHasta, sent.CbteHasta)) return 'other';
  if (differs(found.DocNro, sent.DocNro, true) || differs(found.CbteFch, sent.CbteFch, true)) return 'other';
  const amounts: (keyof FecaeDetRequest)[] = ['Concepto', 'DocTipo', 'ImpTotal', 'ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA', 'CondicionIVAReceptorId'];
  if (amounts.some((f) => sent[f] !== undefined && differs(found[f], sent[f]))) return 'other';
  if (found.Iva !== undefined && found.Iva !== '') {
    const a = (sent.Iva?.AlicIva ?? []).map((x) => `${x.Id}:${num(x.BaseImp)}:${num(x.Importe)}`).sort();
    const b = ((found.Iva?.AlicIva as XmlNode[] | undefined) ?? []).map((x) => `${Number(x.Id)}:${num(x.BaseImp)}:${num(x.Importe)}`).sort();
    if (a.join() !== b.join()) return 'other';
  }
  if (found.CbtesAsoc !== undefined && found.CbtesAsoc !== '') {
    const asocOf = (list: { Tipo: unknown; PtoVta: unknown; Nro: unknown }[]) => list.map((x) => `${num(x.Tipo)}-${num(x.PtoVta)}-${num(x.Nro)}`).sort().join();
    if (asocOf(sent.CbtesAsoc?.CbteAsoc ?? []) !== asocOf((found.CbtesAsoc?.CbteAsoc as XmlNode[] | undefined) ?? [])) return 'other';
  }
  if (![found.DocTipo, found.DocNro, found.CbteFch, found.ImpTotal].every(has)) return 'unclear';
  return 'same';
}

/** True when a consulted comprobante is the one we sent (matchComprobante says 'same'). */
export function sameComprobante(sent: FecaeDetRequest, found: XmlNode, cbteTipo?: number): boolean {
  return matchComprobante(sent, found, cbteTipo ?? Number(found.CbteTipo)) === 'same';
}
