/**
 * The CAEA operations of WSFEv1 (docs/reference/arca-wsfe.md §3) on top of WsfeClient. Dates come back as
 * "YYYY-MM-DD". FECAEASolicitar/Consultar and the SinMovimiento calls throw ArcaServiceError on Errors
 * (602 not found, 15006 outside the window); FECAEARegInformativo returns its per-detail outcome whole,
 * like FECAESolicitar, for the reporter to decide.
 */
import { ArcaServiceError, ArcaTransportError, type ArcaErr } from './errors';
import { errList, WsfeClient, type FecaeDetRequest, type WsfeAuth } from './wsfe';
import type { XmlNode } from './xml';

export interface CaeaGrant {
  caea: string;
  periodo: number;
  orden: 1 | 2;
  validFrom: string;
  validTo: string;
  reportDeadline: string;
}

/** A FECAEADetRequest: the FECAEDetRequest fields, then the CAEA and when the comprobante was generated. */
export type CaeaDetRequest = FecaeDetRequest & { CAEA: string; CbteFchHsGen?: string };

export interface CaeaReportResult {
  resultado: 'A' | 'R' | 'P' | '';
  observations: ArcaErr[];
  errors: ArcaErr[];
}

const isoOf = (yyyymmdd: unknown) => {
  const s = String(yyyymmdd ?? '');
  return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : '';
};

function grantOf(r: XmlNode): CaeaGrant {
  const g = r.ResultGet ?? {};
  const grant: CaeaGrant = {
    caea: String(g.CAEA ?? ''),
    periodo: Number(g.Periodo),
    orden: Number(g.Orden) === 2 ? 2 : 1,
    validFrom: isoOf(g.FchVigDesde),
    validTo: isoOf(g.FchVigHasta),
    reportDeadline: isoOf(g.FchTopeInf),
  };
  if (!/^\d{14}$/.test(grant.caea) || !grant.validFrom || !grant.validTo || !grant.reportDeadline) throw new ArcaTransportError('Respuesta de CAEA incompleta');
  return grant;
}

export class CaeaClient {
  constructor(private readonly wsfe: WsfeClient) {}

  async request(auth: WsfeAuth, periodo: number, orden: 1 | 2): Promise<CaeaGrant> {
    return grantOf(WsfeClient.check(await this.wsfe.call('FECAEASolicitar', { ...WsfeClient.auth(auth), Periodo: periodo, Orden: orden })));
  }

  /** The CAEA already granted for a fortnight; ArcaServiceError 602 when there is none. */
  async consult(auth: WsfeAuth, periodo: number, orden: 1 | 2): Promise<CaeaGrant> {
    return grantOf(WsfeClient.check(await this.wsfe.call('FECAEAConsultar', { ...WsfeClient.auth(auth), Periodo: periodo, Orden: orden })));
  }

  async report(auth: WsfeAuth, ptoVta: number, cbteTipo: number, detail: CaeaDetRequest): Promise<CaeaReportResult> {
    const r = await this.wsfe.call('FECAEARegInformativo', {
      ...WsfeClient.auth(auth),
      FeCAEARegInfReq: { FeCabReq: { CantReg: 1, PtoVta: ptoVta, CbteTipo: cbteTipo }, FeDetReq: { FECAEADetRequest: [detail] } },
    });
    const errors = errList(r.Errors, 'Err');
    const det = (r.FeDetResp?.FECAEADetResponse as XmlNode[] | undefined)?.[0];
    if (!det) {
      if (errors.length) throw new ArcaServiceError(errors);
      throw new ArcaTransportError('Respuesta de FECAEARegInformativo sin detalle');
    }
    return { resultado: String(det.Resultado ?? '') as CaeaReportResult['resultado'], observations: errList(det.Observaciones, 'Obs'), errors };
  }

  /** Informs that a CAEA point of sale issued nothing with this CAEA; throws ArcaServiceError when rejected. */
  async informNoActivity(auth: WsfeAuth, ptoVta: number, caea: string): Promise<void> {
    const r = WsfeClient.check(await this.wsfe.call('FECAEASinMovimientoInformar', { ...WsfeClient.auth(auth), PtoVta: ptoVta, CAEA: caea }));
    if (String(r.Resultado ?? '') !== 'A') throw new ArcaTransportError('FECAEASinMovimientoInformar sin resultado');
  }

  /** True when ARCA already holds "sin movimiento" for this point of sale and CAEA. */
  async noActivityInformed(auth: WsfeAuth, ptoVta: number, caea: string): Promise<boolean> {
    try {
      const r = WsfeClient.check(await this.wsfe.call('FECAEASinMovimientoConsultar', { ...WsfeClient.auth(auth), CAEA: caea, PtoVta: ptoVta }));
      return ((r.ResultGet?.FECAEASinMov as XmlNode[] | undefined) ?? []).some((x) => Number(x.PtoVta) === ptoVta);
    } catch (e) {
      if (e instanceof ArcaServiceError && e.has(602)) return false;
      throw e;
    }
  }
}
