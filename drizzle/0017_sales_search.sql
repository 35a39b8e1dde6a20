-- The sales search (GET /sales?search=, server/modules/sales/repository.ts): FTS5 trigram tables over the
-- text it matches, sale number and customer name (sales_fts) and product names (sale_items_fts), kept in
-- step by triggers in plain SQL (every writer, the bench's bare ones included, keeps them without any
-- registered function). The tokenizer folds case and Latin accents itself (remove_diacritics 1), so a
-- folded word of the search (foldText) finds every row whose folded text holds it; the search then applies
-- its exact LIKE to these candidates only. Existing rows are indexed here (rebuild).
CREATE VIRTUAL TABLE sales_fts USING fts5(sale_number, customer_name, content='sales', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER sales_fts_ai AFTER INSERT ON sales BEGIN
  INSERT INTO sales_fts(rowid, sale_number, customer_name) VALUES (NEW.id, NEW.sale_number, NEW.customer_name);
END;
--> statement-breakpoint
CREATE TRIGGER sales_fts_ad AFTER DELETE ON sales BEGIN
  INSERT INTO sales_fts(sales_fts, rowid, sale_number, customer_name) VALUES ('delete', OLD.id, OLD.sale_number, OLD.customer_name);
END;
--> statement-breakpoint
CREATE TRIGGER sales_fts_au AFTER UPDATE OF sale_number, customer_name ON sales BEGIN
  INSERT INTO sales_fts(sales_fts, rowid, sale_number, customer_name) VALUES ('delete', OLD.id, OLD.sale_number, OLD.customer_name);
  INSERT INTO sales_fts(rowid, sale_number, customer_name) VALUES (NEW.id, NEW.sale_number, NEW.customer_name);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE sale_items_fts USING fts5(product_name, content='sale_items', content_rowid='id', tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
CREATE TRIGGER sale_items_fts_ai AFTER INSERT ON sale_items BEGIN
  INSERT INTO sale_items_fts(rowid, product_name) VALUES (NEW.id, NEW.product_name);
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_fts_ad AFTER DELETE ON sale_items BEGIN
  INSERT INTO sale_items_fts(sale_items_fts, rowid, product_name) VALUES ('delete', OLD.id, OLD.product_name);
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_fts_au AFTER UPDATE OF product_name ON sale_items BEGIN
  INSERT INTO sale_items_fts(sale_items_fts, rowid, product_name) VALUES ('delete', OLD.id, OLD.product_name);
  INSERT INTO sale_items_fts(rowid, product_name) VALUES (NEW.id, NEW.product_name);
END;
--> statement-breakpoint
INSERT INTO sales_fts(sales_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO sale_items_fts(sale_items_fts) VALUES ('rebuild');
