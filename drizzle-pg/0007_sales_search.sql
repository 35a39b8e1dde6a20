-- The sales search (GET /sales?search=, server/modules/sales/repository.ts; SQLite: sales_fts and
-- sale_items_fts, drizzle/0017): trigram GIN indexes over the three texts it matches with LIKE/ILIKE, the
-- sale number as stored and the folded customer and product names (fold_text, drizzle-pg/0001, which also
-- created pg_trgm). A pattern of 3+ characters is answered from them; LIKE rechecks every candidate.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX sales_number_trgm_idx ON sales USING gin (sale_number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sales_customer_trgm_idx ON sales USING gin (fold_text(customer_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sale_items_product_trgm_idx ON sale_items USING gin (fold_text(product_name) gin_trgm_ops);
