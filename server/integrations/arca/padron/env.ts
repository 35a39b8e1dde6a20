/**
 * ARCA_PADRON_* environment variables of the registry lookup (docs/registry.md): endpoints (a loopback
 * simulator's http://127.0.0.1:… works), the per-request timeout, and whether the shop has the A13 service
 * (DNI → CUIT) enabled for its certificate.
 */
import type { ArcaEnvironment } from '../../../../domain/invoicing/codes';

export interface PadronEnvConfig {
  /** ws_sr_constancia_inscripcion (getPersona_v2) endpoint override (ARCA_PADRON_URL). */
  constanciaUrl?: string;
  /** ws_sr_padron_a13 endpoint override (ARCA_PADRON_A13_URL). */
  a13Url?: string;
  /** ARCA_PADRON_A13: "1" on, "0" off; unset → on only with the demo simulator. */
  a13?: boolean;
  /** Per request (WSAA login and registry call) timeout, ms (ARCA_PADRON_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
}

export const PADRON_SERVICES = { constancia: 'ws_sr_constancia_inscripcion', a13: 'ws_sr_padron_a13' } as const;
export type PadronService = (typeof PADRON_SERVICES)[keyof typeof PADRON_SERVICES];

export const PADRON_ENDPOINTS: Record<ArcaEnvironment, { constancia: string; a13: string }> = {
  homologacion: {
    constancia: 'https://awshomo.afip.gov.ar/sr-padron/webservices/personaServiceA5',
    a13: 'https://awshomo.afip.gov.ar/sr-padron/webservices/personaServiceA13',
  },
  produccion: {
    constancia: 'https://aws.afip.gov.ar/sr-padron/webservices/personaServiceA5',
    a13: 'https://aws.afip.gov.ar/sr-padron/webservices/personaServiceA13',
  },
};

/** The path both the real hosts and the simulator serve each service on. */
export const PADRON_PATHS = { constancia: '/sr-padron/webservices/personaServiceA5', a13: '/sr-padron/webservices/personaServiceA13' } as const;

export function readPadronEnv(env: NodeJS.ProcessEnv): PadronEnvConfig {
  const timeout = Number(env.ARCA_PADRON_TIMEOUT_MS);
  const flag = env.ARCA_PADRON_A13?.trim().toLowerCase();
  return {
    constanciaUrl: env.ARCA_PADRON_URL || undefined,
    a13Url: env.ARCA_PADRON_A13_URL || undefined,
    a13: flag === undefined || flag === '' ? undefined : ['1', 'true', 'on', 'si', 'sí'].includes(flag),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 5000,
  };
}
