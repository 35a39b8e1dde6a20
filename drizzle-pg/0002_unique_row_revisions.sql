-- Issue #29: every catalogue row has a revision of its own (as drizzle/0012 on SQLite): rows that share a
-- revision (or never got one) take new ones, one each from a block reserved at once above every cursor a
-- tablet holds (one update of sync_state, not one per row), so tablets that skipped some of them pull
-- them all again; the unique indexes then keep it so. An explicit revision skips the *_revision_au triggers.
DROP INDEX "brands_revision_idx";--> statement-breakpoint
DROP INDEX "categories_revision_idx";--> statement-breakpoint
DROP INDEX "products_revision_idx";--> statement-breakpoint
WITH shared AS (
  SELECT id, row_number() OVER (ORDER BY revision, id) AS n FROM brands
  WHERE revision = 0 OR revision IN (SELECT revision FROM brands GROUP BY revision HAVING count(*) > 1)
), block AS (
  UPDATE sync_state SET revision = revision + (SELECT count(*) FROM shared) WHERE id = 1 RETURNING revision - (SELECT count(*) FROM shared) AS base
)
UPDATE brands SET revision = block.base + shared.n FROM shared, block WHERE brands.id = shared.id;--> statement-breakpoint
WITH shared AS (
  SELECT id, row_number() OVER (ORDER BY revision, id) AS n FROM categories
  WHERE revision = 0 OR revision IN (SELECT revision FROM categories GROUP BY revision HAVING count(*) > 1)
), block AS (
  UPDATE sync_state SET revision = revision + (SELECT count(*) FROM shared) WHERE id = 1 RETURNING revision - (SELECT count(*) FROM shared) AS base
)
UPDATE categories SET revision = block.base + shared.n FROM shared, block WHERE categories.id = shared.id;--> statement-breakpoint
WITH shared AS (
  SELECT id, row_number() OVER (ORDER BY revision, id) AS n FROM products
  WHERE revision = 0 OR revision IN (SELECT revision FROM products GROUP BY revision HAVING count(*) > 1)
), block AS (
  UPDATE sync_state SET revision = revision + (SELECT count(*) FROM shared) WHERE id = 1 RETURNING revision - (SELECT count(*) FROM shared) AS base
)
UPDATE products SET revision = block.base + shared.n FROM shared, block WHERE products.id = shared.id;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_revision_idx" ON "brands" USING btree ("revision");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_revision_idx" ON "categories" USING btree ("revision");--> statement-breakpoint
CREATE UNIQUE INDEX "products_revision_idx" ON "products" USING btree ("revision");
