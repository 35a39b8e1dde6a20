/**
 * The POS index on a catalogue larger than one read page (issue #17: built in slices): a scan made right
 * after the page opened waits for the whole catalogue and finds the right product; while a pull is
 * merged in, every search sees one whole catalogue (before or after), never half of one.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PulledProduct } from '../../domain/schemas/sync';
import { foldText } from '../../domain/text';
import { applyPullPage } from '../../src/offline/product-store';
import { ProductIndex } from '../../src/offline/product-index';
import { freshStore, product, pullPage } from './local-store';

const WORDS = ['cable', 'cámara', 'funda', 'mouse', 'teclado', 'cargador', 'parlante', 'soporte'];

/** n products with shuffled, often repeated names (ids do not follow name order); every 7th without stock. */
function catalogue(n: number, firstId = 1): PulledProduct[] {
  let s = firstId;
  const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: n }, (_, i) => {
    const id = firstId + i;
    const name = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]} ${Math.floor(random() * 50)}`;
    return product(id, { name, code: `C${id}`, stock: id % 7 === 0 ? 0 : 5 });
  });
}

/** What the index must answer: sellable matches of every word, by folded "name code" then id. */
function expected(products: PulledProduct[], query: string): number[] {
  const terms = foldText(query).split(' ').filter(Boolean);
  return products
    .map((p) => ({ id: p.id, key: foldText(`${p.name} ${p.code}`), sellable: p.active && p.stock > 0 }))
    .filter((p) => p.sellable && terms.every((t) => p.key.includes(t)))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
    .map((p) => p.id);
}

let index: ProductIndex | null = null;
afterEach(() => index?.stop());

describe('POS product index on a large catalogue', () => {
  it('is not loaded at first; a scan that waits for it finds the product, and searches match a full sort', async () => {
    const products = catalogue(4500);
    await freshStore(...products);
    index = new ProductIndex(0);
    index.start();
    expect(index.loaded).toBe(false);
    await index.whenLoaded();
    expect(index.loaded).toBe(true);
    expect(index.size).toBe(4500);
    expect(index.findByCode('C4321')?.id).toBe(4321);
    expect(index.findByCode('c4321')?.id).toBe(4321);
    for (const query of ['', 'camara', 'cable funda 1', 'MOUSE c44', 'soporte 4']) {
      expect(index.search(query, 100_000).items.map((p) => p.id)).toEqual(expected(products, query));
    }
    expect(index.search('cable', 40).items.map((p) => p.id)).toEqual(expected(products, 'cable').slice(0, 40));
    expect(index.search('cable', 40).more).toBe(true);
  });

  it('while a pull page is merged in, each search sees the whole catalogue before or after it', async () => {
    const before = catalogue(3000);
    await freshStore(...before);
    // Slices of 0 ms: the merge yields every few hundred rows, so the searches below run in between.
    index = new ProductIndex(0);
    index.start();
    await index.whenLoaded();
    const added = catalogue(1500, 3001);
    const renamed = { ...before[9], name: 'aaa primero' };
    const after = [...before.filter((p) => p.id !== renamed.id), renamed, ...added];
    const current = index;
    let merged = false;
    const off = current.subscribe(() => (merged = current.size === after.length));
    await applyPullPage(pullPage({ products: [renamed, ...added], cursor: 2 }));
    const seen = new Set<number>();
    while (!merged) {
      const size = current.size;
      seen.add(size);
      const ids = current.search('cable', 100_000).items.map((p) => p.id);
      expect(ids).toEqual(expected(size === after.length ? after : before, 'cable'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    off();
    expect(seen.has(before.length)).toBe(true); // searched while the merge was under way
    expect([...seen].every((size) => size === before.length || size === after.length)).toBe(true);
    expect(current.search('', 1).items[0].id).toBe(renamed.id);
    expect(current.search('cable', 100_000).items.map((p) => p.id)).toEqual(expected(after, 'cable'));
  });
});
