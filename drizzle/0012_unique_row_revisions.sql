-- Issue #29: every catalogue row has a revision of its own, so a pull page (which ends at the last revision
-- it sent) never cuts a revision in two. Bulk price updates and imports used to stamp all their rows with
-- one revision, and a page of 2,000 stopped inside it: the rest were never pulled. Rows that share a
-- revision (or never got one) are stamped again here by the revision triggers, each with the next value,
-- above every cursor a tablet holds: tablets that skipped some of them pull them all again. The unique
-- indexes then keep it so.
DROP INDEX `brands_revision_idx`;--> statement-breakpoint
DROP INDEX `categories_revision_idx`;--> statement-breakpoint
DROP INDEX `products_revision_idx`;--> statement-breakpoint
UPDATE brands SET updated_at = updated_at WHERE revision = 0 OR revision IN (SELECT revision FROM brands GROUP BY revision HAVING count(*) > 1);--> statement-breakpoint
UPDATE categories SET updated_at = updated_at WHERE revision = 0 OR revision IN (SELECT revision FROM categories GROUP BY revision HAVING count(*) > 1);--> statement-breakpoint
UPDATE products SET updated_at = updated_at WHERE revision = 0 OR revision IN (SELECT revision FROM products GROUP BY revision HAVING count(*) > 1);--> statement-breakpoint
CREATE UNIQUE INDEX `brands_revision_idx` ON `brands` (`revision`);--> statement-breakpoint
CREATE UNIQUE INDEX `categories_revision_idx` ON `categories` (`revision`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_revision_idx` ON `products` (`revision`);
