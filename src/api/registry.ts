/**
 * ARCA's taxpayer registry (issue #33.2, docs/registry.md): a buyer's name, IVA condition and fiscal address
 * from a CUIT, or the people of a DNI where the shop has A13. Online only: a failure carries the server's
 * Spanish message (type the data by hand or use the customer file), a network failure is kind 'network'.
 */
import { REGISTRY_MSG } from '../../domain/registry-messages';
import type { RegistryPersonaJson } from '../../domain/schemas/registry';
import { api } from './client';

export type RegistryPersona = RegistryPersonaJson;

/** The registry answers within the server's ARCA_PADRON_TIMEOUT_MS; this only bounds a lost server. */
const LOOKUP_TIMEOUT_MS = 15_000;

export const lookupCuit = (cuit: string, signal?: AbortSignal) =>
  api('GET /registry/cuit/:cuit', { params: { cuit }, signal, timeoutMs: LOOKUP_TIMEOUT_MS, errorMessage: REGISTRY_MSG.unreachable });

export const lookupDni = (dni: string, signal?: AbortSignal) =>
  api('GET /registry/dni/:dni', { params: { dni }, signal, timeoutMs: LOOKUP_TIMEOUT_MS, errorMessage: REGISTRY_MSG.unreachable });
