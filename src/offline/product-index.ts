/**
 * In-memory index of the local catalogue for the POS search (spec §2/§5; instant on 50,000 products).
 * Invariant: it mirrors db.products. Every transaction that changes products bumps meta
 * `productsChange` ({version, ids}); the index watches that row with liveQuery (which also fires for
 * writes made by other tabs) and re-reads only the listed ids when it saw the previous version, or
 * everything otherwise. Rows are kept sorted by their folded name; search keys are precomputed.
 */
import { liveQuery, type Subscription } from 'dexie';
import { foldText } from '../../domain/text';
import { db, getMeta, type LocalProduct } from './db';

export interface SearchResult {
  items: LocalProduct[];
  /** All sellable matches (items is capped). */
  total: number;
}

type Listener = () => void;

const byName = (a: LocalProduct, b: LocalProduct) => (a.search < b.search ? -1 : a.search > b.search ? 1 : a.id - b.id);

/** The POS sells active products with stock above 0 (spec §5). */
export const isSellable = (p: LocalProduct) => p.active && p.stock > 0;

export class ProductIndex {
  private rows: LocalProduct[] = [];
  private byId = new Map<number, LocalProduct>();
  private byCode = new Map<string, LocalProduct>();
  private seenVersion = -1;
  private listeners = new Set<Listener>();
  private subscription: Subscription | null = null;
  /** Refreshes run one after another, so an older read never overwrites a newer one. */
  private queue: Promise<void> = Promise.resolve();
  /** Bumped on every change; React reads it through useSyncExternalStore. */
  revision = 0;
  loaded = false;

  /** Starts mirroring Dexie (idempotent). */
  start(): void {
    if (this.subscription) return;
    this.subscription = liveQuery(() => getMeta('productsChange')).subscribe({
      next: (change) => {
        this.queue = this.queue.then(() => this.refresh(change?.version ?? 0, change?.ids ?? null)).catch((error) => console.error(error));
      },
      error: (error) => console.error(error),
    });
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async refresh(version: number, ids: number[] | null): Promise<void> {
    if (version === this.seenVersion && this.loaded) return;
    const incremental = this.loaded && ids !== null && version === this.seenVersion + 1;
    this.seenVersion = version;
    if (incremental) {
      const fresh = await db.products.bulkGet(ids);
      ids.forEach((id, i) => {
        const row = fresh[i];
        if (row) this.byId.set(id, row);
        else this.byId.delete(id);
      });
    } else {
      const all = await db.products.toArray();
      this.byId = new Map(all.map((row) => [row.id, row]));
    }
    this.rebuild();
  }

  private rebuild(): void {
    this.rows = [...this.byId.values()].sort(byName);
    this.byCode = new Map();
    for (const row of this.rows) if (row.code) this.byCode.set(foldText(row.code), row);
    this.loaded = true;
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }

  /** Sellable products whose name or code contain every word of `query` (accents and case ignored). */
  search(query: string, limit: number): SearchResult {
    const terms = foldText(query).split(' ').filter(Boolean);
    const items: LocalProduct[] = [];
    let total = 0;
    for (const row of this.rows) {
      if (!isSellable(row)) continue;
      if (terms.length && !terms.every((term) => row.search.includes(term))) continue;
      total += 1;
      if (items.length < limit) items.push(row);
    }
    return { items, total };
  }

  /** The product whose code is exactly `code` (what a barcode scanner types), sellable or not. */
  findByCode(code: string): LocalProduct | undefined {
    return this.byCode.get(foldText(code));
  }

  get size(): number {
    return this.rows.length;
  }
}

export const productIndex = new ProductIndex();
