/**
 * Bulk price update (issue #15): the preview and the apply compute the same thing from the same rule
 * (domain/price-update.ts); applying is all or nothing, each product its own revision. Products whose
 * price would not change are left out; a price that would fall below zero refuses the whole update.
 */
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import { newPriceCents } from '../../../domain/price-update';
import type { PriceChangeDto, PriceUpdateInput } from '../../../domain/schemas/price-update';
import type { Q, Store } from '../../db/store';
import { badRequest } from '../../http/errors';
import { productsInScope, setPrices, type PriceScope } from './price-repository';

function scopeOf(input: PriceUpdateInput): PriceScope {
  if (input.scope === 'category') return { categoryId: input.categoryId ?? 0 };
  if (input.scope === 'brand') return { brandId: input.brandId ?? 0 };
  return { productIds: input.productIds ?? [] };
}

/** The changes `input` would make, computed on `q` (the store's reader for a preview, the unit for an apply). */
async function changesOn(q: Q, input: PriceUpdateInput): Promise<PriceChangeDto[]> {
  const value = input.mode === 'percent' ? input.value : toCents(input.value);
  const changes: PriceChangeDto[] = [];
  for (const p of await productsInScope(q, scopeOf(input))) {
    const cents = newPriceCents(p.priceCents, input.mode, value, input.rounding);
    if (cents === null) throw badRequest(MSG.priceWouldBeNegative(p.name));
    if (cents !== p.priceCents) changes.push({ id: p.id, code: p.code, name: p.name, oldPrice: fromCents(p.priceCents), newPrice: fromCents(cents) });
  }
  return changes;
}

export function previewPrices(store: Store, input: PriceUpdateInput): Promise<PriceChangeDto[]> {
  return store.read((q) => changesOn(q, input));
}

export function applyPrices(store: Store, input: PriceUpdateInput): Promise<{ updated: number; revision: number | null }> {
  return store.write(async (tx) => {
    const changes = await changesOn(tx, input);
    if (changes.length === 0) return { updated: 0, revision: null };
    const revision = await setPrices(tx, changes.map((c) => ({ id: c.id, priceCents: toCents(c.newPrice) })));
    return { updated: changes.length, revision };
  });
}
