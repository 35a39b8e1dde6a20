/**
 * Bulk price update (issue #15): the preview and the apply compute the same thing from the same rule
 * (domain/price-update.ts); applying is all or nothing and a single catalogue revision. Products whose
 * price would not change are left out; a price that would fall below zero refuses the whole update.
 */
import { MSG } from '../../../domain/messages';
import { fromCents, toCents } from '../../../domain/money';
import { newPriceCents } from '../../../domain/price-update';
import type { PriceChangeDto, PriceUpdateInput } from '../../../domain/schemas/price-update';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { productsInScope, setPrices, type PriceScope } from './price-repository';

function scopeOf(input: PriceUpdateInput): PriceScope {
  if (input.scope === 'category') return { categoryId: input.categoryId ?? 0 };
  if (input.scope === 'brand') return { brandId: input.brandId ?? 0 };
  return { productIds: input.productIds ?? [] };
}

export function previewPrices(db: Db, input: PriceUpdateInput): PriceChangeDto[] {
  const value = input.mode === 'percent' ? input.value : toCents(input.value);
  const changes: PriceChangeDto[] = [];
  for (const p of productsInScope(db, scopeOf(input))) {
    const cents = newPriceCents(p.priceCents, input.mode, value, input.rounding);
    if (cents === null) throw badRequest(MSG.priceWouldBeNegative(p.name));
    if (cents !== p.priceCents) changes.push({ id: p.id, code: p.code, name: p.name, oldPrice: fromCents(p.priceCents), newPrice: fromCents(cents) });
  }
  return changes;
}

export function applyPrices(db: Db, input: PriceUpdateInput): { updated: number; revision: number | null } {
  return db.transaction(() => {
    const changes = previewPrices(db, input);
    if (changes.length === 0) return { updated: 0, revision: null };
    const revision = setPrices(db, changes.map((c) => ({ id: c.id, priceCents: toCents(c.newPrice) })));
    return { updated: changes.length, revision };
  });
}
