/**
 * Typed ARCA errors. The distinction matters for "exactly one CAE": an ArcaTransportError means the
 * outcome is UNKNOWN (no reply, timeout, reset, HTTP 5xx without a SOAP body) and must be recovered by
 * consulting; an ArcaServiceError carries ARCA's own Err codes (600 token, 602 not found, 10016 …);
 * an ArcaSoapFault is a SOAP fault (WSAA's coe.alreadyAuthenticated, cms.bad, …).
 */
export interface ArcaErr {
  code: number;
  msg: string;
}

export class ArcaTransportError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** True when no reply came within the request's timeout (rather than a refused or reset connection). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ArcaTransportError';
  }
}

export class ArcaSoapFault extends Error {
  constructor(
    readonly faultcode: string,
    readonly faultstring: string,
    readonly status: number,
  ) {
    super(`${faultcode}: ${faultstring}`);
    this.name = 'ArcaSoapFault';
  }
  /** faultcode without its namespace prefix ("ns1:coe.alreadyAuthenticated" → "coe.alreadyAuthenticated"). */
  get code(): string {
    return this.faultcode.replace(/^.*:/, '');
  }
}

export class ArcaServiceError extends Error {
  constructor(readonly errors: ArcaErr[]) {
    super(errors.map((e) => `${e.code}: ${e.msg}`).join('; '));
    this.name = 'ArcaServiceError';
  }
  has(code: number): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

/**
 * WSAA said "ya posee un TA válido" (coe.alreadyAuthenticated) for a ticket this server never stored (a
 * crash or a lost reply between the login and storing it): no login is tried before `nextTryAt`, and the
 * old ticket expires at the latest at `until` (issue #31.7). Nothing reached WSFEv1: like an unreachable
 * ARCA before any number was sent, the server's CAEA contingency applies meanwhile.
 */
export class ArcaLoginBlocked extends Error {
  constructor(
    readonly until: number,
    readonly nextTryAt: number,
  ) {
    const at = (ms: number) => new Date(ms).toLocaleString('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
    super(
      `ARCA dice que ya hay un ticket de acceso vigente que el servidor no llegó a guardar: la facturación en línea vuelve cuando venza, a más tardar el ${at(until)} (se reintenta el ${at(nextTryAt)}); mientras tanto se factura con CAEA si hay punto de venta CAEA y CAEA vigente`,
    );
    this.name = 'ArcaLoginBlocked';
  }
}

/** ARCA codes the client and the issuer act on. */
export const ARCA_CODES = {
  tokenInvalid: 600,
  notFound: 602,
  internal: 501,
  numberOrDate: 10016,
  unidentifiedAboveThreshold: 10015,
  sumMismatch: 10048,
  alicIvaMismatch: 10051,
  /** FECAEASolicitar outside the fortnight's request window. */
  caeaOutsideWindow: 15006,
  /** FECAEARegInformativo: the CAEA is missing or unknown. */
  caeaMissing: 782,
  /** FECAEARegInformativo: the comprobante's number was already informed (simulator's code, approx.). */
  caeaAlreadyInformed: 1207,
  /** FECAEASinMovimientoInformar: already informed for that point of sale (simulator's code, approx.). */
  caeaNoActivityAlreadyInformed: 1204,
} as const;
