/**
 * ARCA_* environment variables. Each one set wins over the "Facturación electrónica" screen.
 * ARCA_WSAA_URL / ARCA_WSFE_URL override the endpoints (plain http://127.0.0.1:… works for a simulator).
 */
import type { ArcaEnvironment, IssuerTaxCondition } from '../../../domain/invoicing/codes';
import { readPadronEnv, type PadronEnvConfig } from './padron/env';

export interface ArcaEnvConfig {
  environment?: ArcaEnvironment;
  cuit?: string;
  taxCondition?: IssuerTaxCondition;
  ptoVta?: number;
  certFile?: string;
  keyFile?: string;
  wsaaUrl?: string;
  wsfeUrl?: string;
  /** Per-request timeout to ARCA (ARCA_TIMEOUT_MS, default 30000). */
  timeoutMs: number;
  /** First retry delay of a pending invoice; doubles up to 30 min (ARCA_RETRY_BASE_MS, default 30000). */
  retryBaseMs: number;
  /** How often the CAEA keeper and reporter run (ARCA_CAEA_CHECK_MS, default 60000). */
  caeaCheckMs: number;
  /** First wait before logging in again after WSAA's "ya posee un TA válido"; doubles up to 30 min (ARCA_LOGIN_RETRY_MS, default 60000). */
  loginRetryMs: number;
  /** The taxpayer-registry lookup (ARCA_PADRON_*, padron/env.ts). */
  padron: PadronEnvConfig;
}

export const ARCA_ENDPOINTS: Record<ArcaEnvironment, { wsaa: string; wsfe: string }> = {
  homologacion: { wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx' },
  produccion: { wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx' },
};

const pick = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

export function readArcaEnv(env: NodeJS.ProcessEnv): ArcaEnvConfig {
  const ptoVta = Number(env.ARCA_PTO_VTA);
  const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : fallback);
  return {
    environment: pick(env.ARCA_ENV, ['homologacion', 'produccion'] as const),
    cuit: env.ARCA_CUIT ? env.ARCA_CUIT.replace(/[-\s.]/g, '') : undefined,
    taxCondition: pick(env.ARCA_TAX_CONDITION, ['monotributo', 'responsable_inscripto'] as const),
    ptoVta: Number.isInteger(ptoVta) && ptoVta > 0 ? ptoVta : undefined,
    certFile: env.ARCA_CERT_FILE || undefined,
    keyFile: env.ARCA_KEY_FILE || undefined,
    wsaaUrl: env.ARCA_WSAA_URL || undefined,
    wsfeUrl: env.ARCA_WSFE_URL || undefined,
    timeoutMs: num(env.ARCA_TIMEOUT_MS, 30_000),
    retryBaseMs: num(env.ARCA_RETRY_BASE_MS, 30_000),
    caeaCheckMs: num(env.ARCA_CAEA_CHECK_MS, 60_000),
    loginRetryMs: num(env.ARCA_LOGIN_RETRY_MS, 60_000),
    padron: readPadronEnv(env),
  };
}
