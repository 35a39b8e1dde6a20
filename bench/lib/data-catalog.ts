/**
 * The catalogue database: `count` products (names from vocabulary.ts, unique 13-digit codes, prices
 * from $500 to $300.000), each with its 'initial' stock movement so stock = Σ ledger holds; search_text
 * comes from the server's productSearchText and the FTS triggers fill products_fts. A few products are
 * inactive, hidden from the public catalogue, or out of stock, as in a real shop.
 */
import { productSearchText } from '../../server/modules/products/search';
import { cachedDatabase } from './data';
import { BRANDS, CATEGORIES, DESCRIPTIONS, pick, seededRandom, TYPES, VARIANTS } from './vocabulary';

export function catalogDatabase(count: number): Promise<string> {
  return cachedDatabase(`catalogo-${count}`, ({ sqlite }) => {
    const random = seededRandom(count);
    const insertCategory = sqlite.prepare('INSERT INTO categories (name, sort_order) VALUES (?, ?)');
    const insertBrand = sqlite.prepare('INSERT INTO brands (name) VALUES (?)');
    const insertProduct = sqlite.prepare(
      `INSERT INTO products (code, name, description, price_cents, cost_cents, stock, min_stock, category_id, brand_id,
         show_in_catalog, active, search_text) VALUES (?, ?, ?, ?, ?, ?, 5, ?, ?, ?, ?, ?)`,
    );
    const insertMovement = sqlite.prepare(`INSERT INTO stock_movements (product_id, delta, reason) VALUES (?, ?, 'initial')`);
    sqlite.transaction(() => {
      CATEGORIES.forEach((name, i) => insertCategory.run(name, i));
      BRANDS.forEach((name) => insertBrand.run(name));
      for (let i = 1; i <= count; i++) {
        const [type, category] = pick(TYPES, random);
        const brand = Math.floor(random() * BRANDS.length);
        const name = `${type} ${BRANDS[brand]} ${pick(VARIANTS, random)} ${String.fromCharCode(65 + (i % 26))}${i % 1000}`;
        const code = `779${String(i).padStart(10, '0')}`;
        const description = pick(DESCRIPTIONS, random);
        const priceCents = Math.round(500 + random() * 299_500) * 100;
        const stock = random() < 0.03 ? 0 : 50 + Math.floor(random() * 950);
        const { lastInsertRowid } = insertProduct.run(
          code, name, description, priceCents, Math.round(priceCents * 0.6), stock, category + 1, brand + 1,
          random() < 0.98 ? 1 : 0, random() < 0.98 ? 1 : 0, productSearchText({ name, code, description }),
        );
        if (stock) insertMovement.run(lastInsertRowid, stock);
      }
    })();
  });
}
