-- What the SQLite schema does in triggers, FTS5 and a registered function (drizzle/0001, 0004, 0010),
-- on PostgreSQL: the server-wide catalogue revision, the sales rollups and their returns, fold_text and
-- the trigram index of the product search. Same invariants as there (server/db/schema.ts).

-- fold_text(x) = foldText(x) of domain/text.ts: NFD, combining marks (U+0300–U+036F) removed, Unicode lower
-- case (ICU root, whatever the database's locale), runs of JavaScript's \s collapsed to one space, trimmed;
-- NULL gives ''. tests/server/store-search.test.ts compares it with foldText.
CREATE FUNCTION fold_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(btrim(regexp_replace(
    lower(regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g') COLLATE "und-x-icu"),
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'), ' '), '')
$$;
--> statement-breakpoint
-- The product search (SQLite: products_fts, an FTS5 trigram table over search_text): a trigram GIN index
-- that serves search_text LIKE '%word%' for words of 3+ characters. pg_trgm is a trusted extension: the
-- database owner may create it (managed providers included).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- The server-wide change revision: every insert and every update that leaves `revision` as it was takes
-- the next value of sync_state.revision and stamps updated_at. The UPDATE of sync_state holds its row lock
-- until the unit commits, so revisions are handed out in commit order (a pull never skips one).
INSERT INTO sync_state (id, revision) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION stamp_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1 RETURNING revision INTO NEW.revision;
  NEW.updated_at := to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_revision_ai BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER products_revision_au BEFORE UPDATE ON products FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER categories_revision_ai BEFORE INSERT ON categories FOR EACH ROW EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER categories_revision_au BEFORE UPDATE ON categories FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER brands_revision_ai BEFORE INSERT ON brands FOR EACH ROW EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER brands_revision_au BEFORE UPDATE ON brands FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER business_info_revision_ai BEFORE INSERT ON business_info FOR EACH ROW EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER business_info_revision_au BEFORE UPDATE ON business_info FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER configuration_revision_ai BEFORE INSERT ON configuration FOR EACH ROW EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
CREATE TRIGGER configuration_revision_au BEFORE UPDATE ON configuration FOR EACH ROW WHEN (NEW.revision = OLD.revision) EXECUTE FUNCTION stamp_revision();
--> statement-breakpoint
-- Sales rollups (drizzle/0004 and 0010 on SQLite): sales_daily and product_sales_{daily,monthly,yearly}
-- hold exactly the aggregates of the COUNTED sales (payment_status 'pagado' | 'pendiente') net of their
-- returns, by the sale's local day: sales.local_date, or for a writer that left it NULL the UTC-3 day of
-- sale_date (an ISO-8601 instant). Application code never writes these tables.
CREATE FUNCTION sale_local_day(local_date text, sale_date text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(local_date, to_char((sale_date::timestamptz AT TIME ZONE 'UTC') - interval '3 hours', 'YYYY-MM-DD'))
$$;
--> statement-breakpoint
-- Adds `sign` × the sale's items to the product rollups of `day`, then drops the rows that reached zero.
CREATE FUNCTION sale_items_to_rollups(sale bigint, day text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_daily AS r (local_date, product_id, quantity, revenue_cents)
    SELECT day, product_id, sign * sum(quantity), sign * sum(subtotal_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly AS r (month, product_id, quantity, revenue_cents)
    SELECT substr(day, 1, 7), product_id, sign * sum(quantity), sign * sum(subtotal_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly AS r (year, product_id, quantity, revenue_cents)
    SELECT substr(day, 1, 4), product_id, sign * sum(quantity), sign * sum(subtotal_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  IF sign < 0 THEN
    DELETE FROM product_sales_daily WHERE local_date = day AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
    DELETE FROM product_sales_monthly WHERE month = substr(day, 1, 7) AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
    DELETE FROM product_sales_yearly WHERE year = substr(day, 1, 4) AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
  END IF;
END $$;
--> statement-breakpoint
-- A counted sale inserted, or a sale counted again (restored): its totals onto its day.
CREATE FUNCTION sales_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS r (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (sale_local_day(NEW.local_date, NEW.sale_date), NEW.payment_method, 1, NEW.total_cents, NEW.cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = r.sales_count + excluded.sales_count,
      total_cents = r.total_cents + excluded.total_cents, cost_cents = r.cost_cents + excluded.cost_cents;
  IF TG_OP = 'UPDATE' THEN
    PERFORM sale_items_to_rollups(NEW.id, sale_local_day(NEW.local_date, NEW.sale_date), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_ai AFTER INSERT ON sales FOR EACH ROW
  WHEN (NEW.payment_status IN ('pagado', 'pendiente')) EXECUTE FUNCTION sales_rollup_add();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_restore AFTER UPDATE OF payment_status ON sales FOR EACH ROW
  WHEN (OLD.payment_status NOT IN ('pagado', 'pendiente') AND NEW.payment_status IN ('pagado', 'pendiente')) EXECUTE FUNCTION sales_rollup_add();
--> statement-breakpoint
-- A counted sale cancelled: its totals and its items off its day (rows left at zero are deleted).
CREATE FUNCTION sales_rollup_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text := sale_local_day(OLD.local_date, OLD.sale_date);
BEGIN
  UPDATE sales_daily SET sales_count = sales_count - 1, total_cents = total_cents - OLD.total_cents, cost_cents = cost_cents - OLD.cost_cents
    WHERE local_date = day AND payment_method = OLD.payment_method;
  DELETE FROM sales_daily WHERE local_date = day AND payment_method = OLD.payment_method AND sales_count = 0;
  PERFORM sale_items_to_rollups(NEW.id, sale_local_day(NEW.local_date, NEW.sale_date), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_cancel AFTER UPDATE OF payment_status ON sales FOR EACH ROW
  WHEN (OLD.payment_status IN ('pagado', 'pendiente') AND NEW.payment_status NOT IN ('pagado', 'pendiente')) EXECUTE FUNCTION sales_rollup_cancel();
--> statement-breakpoint
-- An item inserted into a counted sale (items are inserted after their sale): onto the product rollups.
CREATE FUNCTION sale_items_rollup_ai() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text;
BEGIN
  SELECT sale_local_day(s.local_date, s.sale_date) INTO day FROM sales s WHERE s.id = NEW.sale_id AND s.payment_status IN ('pagado', 'pendiente');
  IF day IS NULL THEN RETURN NULL; END IF;
  INSERT INTO product_sales_daily AS r (local_date, product_id, quantity, revenue_cents) VALUES (day, NEW.product_id, NEW.quantity, NEW.subtotal_cents)
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly AS r (month, product_id, quantity, revenue_cents) VALUES (substr(day, 1, 7), NEW.product_id, NEW.quantity, NEW.subtotal_cents)
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly AS r (year, product_id, quantity, revenue_cents) VALUES (substr(day, 1, 4), NEW.product_id, NEW.quantity, NEW.subtotal_cents)
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_ai AFTER INSERT ON sale_items FOR EACH ROW EXECUTE FUNCTION sale_items_rollup_ai();
--> statement-breakpoint
-- Returns (a counted sale's returned_* columns raised): the difference off the rollups of the sale's day.
CREATE FUNCTION sales_rollup_return() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_daily SET total_cents = total_cents - (NEW.returned_cents - OLD.returned_cents),
      cost_cents = cost_cents - (NEW.returned_cost_cents - OLD.returned_cost_cents)
    WHERE local_date = sale_local_day(NEW.local_date, NEW.sale_date) AND payment_method = NEW.payment_method;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_return AFTER UPDATE OF returned_cents, returned_cost_cents ON sales FOR EACH ROW
  WHEN (NEW.payment_status IN ('pagado', 'pendiente')) EXECUTE FUNCTION sales_rollup_return();
--> statement-breakpoint
CREATE FUNCTION sale_items_rollup_return() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text;
BEGIN
  SELECT sale_local_day(s.local_date, s.sale_date) INTO day FROM sales s WHERE s.id = NEW.sale_id AND s.payment_status IN ('pagado', 'pendiente');
  IF day IS NULL THEN RETURN NULL; END IF;
  UPDATE product_sales_daily SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND local_date = day;
  UPDATE product_sales_monthly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND month = substr(day, 1, 7);
  UPDATE product_sales_yearly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND year = substr(day, 1, 4);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_return AFTER UPDATE OF returned_quantity, returned_cents ON sale_items FOR EACH ROW EXECUTE FUNCTION sale_items_rollup_return();
