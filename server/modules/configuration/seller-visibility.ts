/**
 * What sellers may read (domain VISIBILITY_ENTRIES): product cost and customers' document and e-mail.
 * Invariant: every /api reply to a seller passes through one preSerialization hook that drops the
 * hidden keys wherever they appear in the payload, so a new route cannot leak them by forgetting a check.
 */
import type { FastifyInstance } from 'fastify';
import { VISIBILITY_CATEGORY, VISIBILITY_ENTRIES, type VisibilityKey } from '../../../domain/schemas/configuration';
import type { Db } from '../../db/client';
import { configurationRepository } from './repository';

const COST_KEYS = ['cost'];
const CUSTOMER_KEYS = ['customerDocument', 'customerEmail'];

/** Creates the entries with their defaults when missing (safe on every start). */
export function ensureVisibilityEntries(db: Db): void {
  for (const entry of VISIBILITY_ENTRIES) {
    configurationRepository.insertNew(db, { categoria: VISIBILITY_CATEGORY, tipo: 'boolean', esEditable: true, ...entry });
  }
}

function allowed(db: Db, clave: VisibilityKey): boolean {
  const row = configurationRepository.find(db, VISIBILITY_CATEGORY, clave);
  return (row?.valor ?? VISIBILITY_ENTRIES.find((e) => e.clave === clave)!.valor) === 'true';
}

/** The keys a seller must not see now. */
export function hiddenFromSellers(db: Db): Set<string> {
  return new Set([...(allowed(db, 'vendedores_ven_costos') ? [] : COST_KEYS), ...(allowed(db, 'vendedores_ven_clientes') ? [] : CUSTOMER_KEYS)]);
}

/** A copy of `value` without the `hidden` keys at any depth. */
export function withoutKeys(value: unknown, hidden: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, hidden));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!hidden.has(key)) out[key] = withoutKeys(item, hidden);
  return out;
}

export function installSellerVisibility(app: FastifyInstance): void {
  ensureVisibilityEntries(app.db);
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/') || (request.user as { role?: string } | undefined)?.role !== 'vendedor') return payload;
    const hidden = hiddenFromSellers(app.db);
    return hidden.size === 0 ? payload : withoutKeys(payload, hidden);
  });
}
