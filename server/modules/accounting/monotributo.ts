/**
 * The monotributo tracker (issue #37.4): for a monotributo issuer, the book's authorized vouchers (CAE and CAEA) of
 * the 12 months to a local day, invoices minus credit notes, against the shop's category of the admin's table
 * (domain/monotributo.ts holds the rules). Settings and total are read on one snapshot. Money leaves in pesos.
 */
import { fromCents, toCents } from '../../../domain/money';
import { MSG } from '../../../domain/messages';
import { nextRecategorisations, rollingWindow, standing, type CategoryCap } from '../../../domain/monotributo';
import type { MonotributoSettings, MonotributoSettingsInput, MonotributoStatus } from '../../../domain/schemas/monotributo';
import { localDateString } from '../../../domain/time';
import type { Store } from '../../db/store';
import { conflict } from '../../http/errors';
import type { EffectiveArca } from '../invoices/runtime';
import { accountingRepository as repo, type MonotributoSettingsRow } from './repository';
import { bookOf, fchRange } from './service';

const scaleOf = (row: MonotributoSettingsRow): CategoryCap[] => JSON.parse(row.scaleJson) as CategoryCap[];
const pesos = (c: CategoryCap | null) => (c ? { category: c.category, cap: fromCents(c.capCents) } : null);

function settingsJson(row: MonotributoSettingsRow): MonotributoSettings {
  return { category: row.category, categories: scaleOf(row).map((c) => pesos(c)!), source: row.source, validFrom: row.validFrom, updatedAt: row.updatedAt };
}

export async function readMonotributoSettings(store: Store): Promise<MonotributoSettings> {
  const row = await store.read((q) => repo.monotributoSettings(q));
  if (!row) throw conflict(MSG.monotributoNoTable);
  return settingsJson(row);
}

export async function saveMonotributoSettings(store: Store, body: MonotributoSettingsInput): Promise<MonotributoSettings> {
  const scale: CategoryCap[] = body.categories.map((c) => ({ category: c.category, capCents: toCents(c.cap) }));
  const row = await store.write((tx) => repo.saveMonotributoSettings(tx, { category: body.category, scaleJson: JSON.stringify(scale), source: body.source, validFrom: body.validFrom }));
  return settingsJson(row);
}

export async function monotributoStatus(
  store: Store,
  eff: Pick<EffectiveArca, 'cuit' | 'environment' | 'simulator' | 'taxCondition'>,
  timeZone: string,
  date?: string,
): Promise<MonotributoStatus> {
  if (eff.taxCondition !== 'monotributo') return { applies: false, reason: MSG.monotributoNotIssuer };
  const book = bookOf(eff);
  if (!book) return { applies: false, reason: MSG.monotributoNoIssuer };
  const asOf = date ?? localDateString(new Date(), timeZone);
  const window = rollingWindow(asOf);
  const { row, totals } = await store.snapshot(async (q) => ({ row: await repo.monotributoSettings(q), totals: await repo.invoicedTotals(q, book, fchRange(window.from, window.to)) }));
  if (!row) throw conflict(MSG.monotributoNoTable);
  const totalCents = totals.invoicedCents - totals.creditedCents;
  const s = standing(scaleOf(row), row.category, totalCents);
  return {
    applies: true,
    asOf,
    window,
    invoiced: fromCents(totals.invoicedCents),
    credited: fromCents(totals.creditedCents),
    total: fromCents(totalCents),
    vouchers: totals.vouchers,
    current: pesos(s.current),
    next: pesos(s.next),
    atTop: s.atTop,
    percent: s.percent,
    level: s.level,
    over: s.over,
    fitsIn: s.fitsIn,
    recategorisations: nextRecategorisations(asOf),
    source: row.source,
    validFrom: row.validFrom,
  };
}
