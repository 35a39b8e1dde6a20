/**
 * The product rows a committed transaction wrote, handed in memory to the product index of the same tab
 * (product-index.ts), so it does not read back from IndexedDB what was just stored there: a new tablet's
 * first sync is 25 pages of 2,000 products, and reading each page back cost as much as storing it.
 * Invariants: rows are published only after their transaction committed, under the productsChange
 * version that transaction wrote, and they are exactly the stored rows (null: deleted). A taker that
 * finds nothing for a version reads IndexedDB as before; other tabs always do. At most KEEP versions
 * wait here (a page without a POS index open never takes them).
 */
import type { LocalProduct } from './db';

const KEEP = 4;
const byVersion = new Map<number, ReadonlyMap<number, LocalProduct | null>>();

/** Called after the transaction that wrote `rows` (and productsChange `version`) committed. */
export function publishWrittenProducts(version: number, rows: ReadonlyMap<number, LocalProduct | null>): void {
  byVersion.set(version, rows);
  for (const old of byVersion.keys()) if (byVersion.size > KEEP) byVersion.delete(old);
}

/** The rows written under `version`, if this tab wrote them; forgets that version and every older one. */
export function takeWrittenProducts(version: number): ReadonlyMap<number, LocalProduct | null> | undefined {
  const rows = byVersion.get(version);
  for (const seen of byVersion.keys()) if (seen <= version) byVersion.delete(seen);
  return rows;
}
