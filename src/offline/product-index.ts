/**
 * In-memory index of the local catalogue for the POS search (docs/spec.md §2/§5; instant on 50,000 products).
 * Invariant: it mirrors db.products. Every transaction that changes products bumps meta
 * `productsChange` ({version, ids}); the index watches that row with liveQuery (which also fires for
 * writes made by other tabs) and re-reads only the listed ids when it saw the previous version (or takes
 * them in memory from this tab's pull, products-written.ts), or everything otherwise. Rows are kept sorted by their folded name; search keys are precomputed.
 * No long task (issue #17): everything is read in pages, sorted, merged and indexed in slices
 * (slices.ts) that yield to the page, and the new state replaces the old one in a single step, so a
 * search always sees one whole, consistent index. Until the first load completes `loaded` is false
 * and `whenLoaded()` lets a scan wait for it instead of answering from an empty index.
 */
import { liveQuery, type Subscription } from 'dexie';
import { foldText } from '../../domain/text';
import { db, getMeta, type LocalProduct } from './db';
import { takeWrittenProducts } from './products-written';
import { mergeInSlices, Slicer, sortInSlices } from './slices';

export interface SearchResult {
  /** The first `limit` sellable matches in name order. */
  items: LocalProduct[];
  /** True when there are more matches than `limit`. */
  more: boolean;
}

type Listener = () => void;

const byName = (a: LocalProduct, b: LocalProduct) => (a.search < b.search ? -1 : a.search > b.search ? 1 : a.id - b.id);

/** Products read per IndexedDB request on a full load (each page is its own short task). */
const READ_PAGE = 500;

/** Every product by id, read in pages in id order (one getAll of 50,000 rows would be one long task). */
async function readAll(slicer: Slicer): Promise<Map<number, LocalProduct>> {
  const byId = new Map<number, LocalProduct>();
  let last: number | null = null;
  for (;;) {
    const page: LocalProduct[] = await (last === null ? db.products : db.products.where(':id').above(last)).limit(READ_PAGE).toArray();
    for (const row of page) byId.set(row.id, row);
    if (page.length < READ_PAGE) return byId;
    last = page[page.length - 1].id;
    if (slicer.due(page.length)) await slicer.pause();
  }
}

/** The POS sells active products with stock above 0 (docs/spec.md §5). */
export const isSellable = (p: LocalProduct) => p.active && p.stock > 0;

export class ProductIndex {
  private rows: LocalProduct[] = [];
  private byId = new Map<number, LocalProduct>();
  private byCode = new Map<string, LocalProduct>();
  /** Row id → its index in `rows`. */
  private positions = new Map<number, number>();
  /** Every row's search key joined by '\n' (keys never contain one), and where each row's key starts. */
  private haystack = '';
  private starts = new Int32Array(0);
  private seenVersion = -1;
  private listeners = new Set<Listener>();
  private subscription: Subscription | null = null;
  /** Refreshes run one after another, so an older read never overwrites a newer one. */
  private queue: Promise<void> = Promise.resolve();
  /** Bumped on every change; React reads it through useSyncExternalStore. */
  revision = 0;
  loaded = false;

  /** `sliceMs`: how long each slice of a load may run (slices.ts); tests shorten it to interleave searches. */
  constructor(private readonly sliceMs?: number) {}
  private markLoaded!: () => void;
  private firstLoad = new Promise<void>((resolve) => (this.markLoaded = resolve));

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

  /** Resolves once the index holds the whole catalogue for the first time. */
  whenLoaded(): Promise<void> {
    return this.firstLoad;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async refresh(version: number, ids: number[] | null): Promise<void> {
    if (version === this.seenVersion && this.loaded) return;
    const incremental = this.loaded && ids !== null && version === this.seenVersion + 1;
    this.seenVersion = version;
    const slicer = new Slicer(this.sliceMs);
    if (!incremental) {
      // Rows changed while the pages are read bump the version again: the next refresh re-reads them.
      this.byId = await readAll(slicer);
      await this.rebuild(await sortInSlices([...this.byId.values()], byName, slicer), slicer);
      return;
    }
    // This tab's own pull page hands its rows over in memory; anything else is read back.
    const written = takeWrittenProducts(version);
    const fresh = written ? ids.map((id) => written.get(id) ?? undefined) : await db.products.bulkGet(ids);
    let reorder = false;
    ids.forEach((id, i) => {
      const row = fresh[i];
      const position = this.positions.get(id);
      if (row && position !== undefined && this.rows[position].search === row.search) {
        // Same key (a stock or price change): swapped in place, order and joined keys still valid.
        this.rows[position] = row;
        if (row.code) this.byCode.set(foldText(row.code), row);
      } else {
        reorder = true;
      }
      if (row) this.byId.set(id, row);
      else this.byId.delete(id);
    });
    if (!reorder) {
      this.changed();
      return;
    }
    // New, renamed or deleted rows: the others keep their order; the changed ones are sorted and merged in.
    const changedIds = new Set(ids);
    const kept = this.rows.filter((row) => !changedIds.has(row.id));
    const added = [...changedIds].flatMap((id) => this.byId.get(id) ?? []).sort(byName);
    await this.rebuild(await mergeInSlices(kept, added, byName, slicer), slicer);
  }

  /** Builds the code map, positions and joined keys of `rows` (sorted by name), then swaps them all in at once. */
  private async rebuild(rows: LocalProduct[], slicer: Slicer): Promise<void> {
    const byCode = new Map<string, LocalProduct>();
    const positions = new Map<number, number>();
    const starts = new Int32Array(rows.length + 1);
    let offset = 0;
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i];
      if (row.code) byCode.set(foldText(row.code), row);
      positions.set(row.id, i);
      starts[i] = offset;
      offset += row.search.length + 1;
      if (slicer.due()) await slicer.pause();
    }
    starts[rows.length] = offset;
    this.haystack = rows.map((row) => row.search).join('\n');
    this.rows = rows;
    this.byCode = byCode;
    this.positions = positions;
    this.starts = starts;
    this.loaded = true;
    this.markLoaded();
    this.changed();
  }

  private changed(): void {
    this.revision += 1;
    for (const listener of this.listeners) listener();
  }

  /**
   * Sellable products whose name or code contain every word of `query` (accents and case ignored), in
   * name order. A leapfrog walk over the joined keys: each word jumps (native indexOf) to the next row
   * holding it, until all words agree on a row; rows only move forward and the walk stops at `limit`
   * + 1 matches, so a search is O(rows) at worst and usually far less.
   */
  search(query: string, limit: number): SearchResult {
    const terms = foldText(query).split(' ').filter(Boolean);
    const items: LocalProduct[] = [];
    const { haystack, starts, rows } = this;
    let r = 0;
    let k = 0;
    let agreed = 0;
    while (r < rows.length) {
      if (terms.length) {
        const at = haystack.indexOf(terms[k], starts[r]);
        if (at === -1) break;
        let row = r;
        while (starts[row + 1] <= at) row += 1;
        agreed = row === r ? agreed + 1 : 1;
        r = row;
        k = (k + 1) % terms.length;
        if (agreed < terms.length) continue;
        agreed = 0;
      }
      if (isSellable(rows[r])) {
        if (items.length === limit) return { items, more: true };
        items.push(rows[r]);
      }
      r += 1;
    }
    return { items, more: false };
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
