/**
 * What sellers may read (domain VISIBILITY_ENTRIES): product cost (and the profit that reveals it) and
 * customers' document and e-mail.
 * Invariant: every /api reply to a seller passes through one preSerialization hook that drops the
 * hidden keys wherever they appear in the payload, so a new route cannot leak them by forgetting a check.
 */
import type { FastifyInstance } from 'fastify';
import { VISIBILITY_CATEGORY, VISIBILITY_ENTRIES, type VisibilityKey } from '../../../domain/schemas/configuration';
import type { Q, Store } from '../../db/store';
import { configurationRepository } from './repository';

/** The cost, and the profit it is one subtraction away from (the dashboard's Ganancias). */
const COST_KEYS = ['cost', 'totalProfit'];
const CUSTOMER_KEYS = ['customerDocument', 'customerEmail'];

/** Creates the entries with their defaults when missing (safe on every start). */
export function ensureVisibilityEntries(store: Store): Promise<void> {
  return store.write(async (tx) => {
    for (const entry of VISIBILITY_ENTRIES) {
      await configurationRepository.insertNew(tx, { categoria: VISIBILITY_CATEGORY, tipo: 'boolean', esEditable: true, ...entry });
    }
  });
}

async function allowed(q: Q, clave: VisibilityKey): Promise<boolean> {
  const row = await configurationRepository.find(q, VISIBILITY_CATEGORY, clave);
  return (row?.valor ?? VISIBILITY_ENTRIES.find((e) => e.clave === clave)!.valor) === 'true';
}

/** The keys a seller must not see now. */
export function hiddenFromSellers(store: Store): Promise<Set<string>> {
  return store.read(async (q) => {
    const costs = await allowed(q, 'vendedores_ven_costos');
    const customers = await allowed(q, 'vendedores_ven_clientes');
    return new Set([...(costs ? [] : COST_KEYS), ...(customers ? [] : CUSTOMER_KEYS)]);
  });
}

/** A copy of `value` without the `hidden` keys at any depth. */
export function withoutKeys(value: unknown, hidden: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, hidden));
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!hidden.has(key)) out[key] = withoutKeys(item, hidden);
  return out;
}

export async function installSellerVisibility(app: FastifyInstance): Promise<void> {
  await ensureVisibilityEntries(app.store);
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/') || (request.user as { role?: string } | undefined)?.role !== 'vendedor') return payload;
    const hidden = await hiddenFromSellers(app.store);
    return hidden.size === 0 ? payload : withoutKeys(payload, hidden);
  });
}
