/**
 * The public catalogue's pages, kept serialised in memory until the catalogue changes. Invariant: an
 * entry is served only while the server-wide revision (bumped by triggers on every product, category,
 * brand or stock change) equals the one it was computed at, so a cached page is never stale.
 * Bounded: the least recently used pages go first.
 */
export class CatalogCache {
  private readonly pages = new Map<string, { revision: number; json: string }>();

  constructor(private readonly maxPages = 500) {}

  get(key: string, revision: number): string | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    this.pages.delete(key);
    if (hit.revision !== revision) return undefined;
    this.pages.set(key, hit);
    return hit.json;
  }

  set(key: string, revision: number, json: string): void {
    this.pages.delete(key);
    this.pages.set(key, { revision, json });
    if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
  }
}
