/**
 * Why a registry lookup failed, as codes the route turns into an HTTP status, each with its Spanish
 * message (domain/registry-messages.ts). None of them blocks a sale: every message says to type the data
 * by hand or use the customer file.
 */
import { REGISTRY_MSG } from '../../../../domain/registry-messages';

export type RegistryErrorCode =
  /** ARCA has no person with that CUIT (SOAP fault "No existe persona con ese Id"), or no CUIT for the DNI. */
  | 'not_found'
  /** The person exists but its key (clave) is not ACTIVO. */
  | 'inactive'
  /** No reply within ARCA_PADRON_TIMEOUT_MS (WSAA or the registry). */
  | 'timeout'
  /** Connection refused, reset, or HTTP error without a SOAP body. */
  | 'unreachable'
  /** Any other SOAP fault of the registry or WSAA. */
  | 'fault'
  /** WSAA refused a ticket for the service (coe.notAuthorized): the certificate lacks it. */
  | 'not_authorized'
  /** The reply could not be read (no personaReturn). */
  | 'bad_reply';

export class RegistryError extends Error {
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    /** ARCA's own text, for the log. */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'RegistryError';
  }
}

export const registryError = {
  notFound: (what: string, detail = '') => new RegistryError('not_found', REGISTRY_MSG.notFound(what), detail),
  inactive: (cuit: string, state: string) => new RegistryError('inactive', REGISTRY_MSG.inactive(cuit, state), state),
  timeout: (detail: string) => new RegistryError('timeout', REGISTRY_MSG.timeout, detail),
  unreachable: (detail: string) => new RegistryError('unreachable', REGISTRY_MSG.unreachable, detail),
  fault: (detail: string) => new RegistryError('fault', REGISTRY_MSG.fault(detail.slice(0, 160)), detail),
  notAuthorized: (a13: boolean, detail: string) => new RegistryError('not_authorized', a13 ? REGISTRY_MSG.a13NotAuthorized : REGISTRY_MSG.notAuthorized, detail),
  badReply: (detail: string) => new RegistryError('bad_reply', REGISTRY_MSG.badReply, detail),
};
