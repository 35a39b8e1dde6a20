ALTER TABLE "sales" ADD COLUMN "refunded_at" text;
--> statement-breakpoint
-- Revenue is defined once (domain/revenue.ts): a sale counts when it is paid ('pagado') and its payment was
-- not refunded (refunded_at IS NULL), net of its partial returns (drizzle/0014 on SQLite). The rollups
-- counted 'pendiente' sales too: the functions and triggers of 0001 move to that predicate, with net
-- amounts, and the rollups are rebuilt from the raw rows.
CREATE OR REPLACE FUNCTION sale_counts(status text, refunded_at text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'pagado' AND refunded_at IS NULL
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_items_to_rollups(sale bigint, day text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_daily AS r (local_date, product_id, quantity, revenue_cents)
    SELECT day, product_id, sign * sum(quantity - returned_quantity), sign * sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly AS r (month, product_id, quantity, revenue_cents)
    SELECT substr(day, 1, 7), product_id, sign * sum(quantity - returned_quantity), sign * sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly AS r (year, product_id, quantity, revenue_cents)
    SELECT substr(day, 1, 4), product_id, sign * sum(quantity - returned_quantity), sign * sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = sale GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  IF sign < 0 THEN
    DELETE FROM product_sales_daily WHERE local_date = day AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
    DELETE FROM product_sales_monthly WHERE month = substr(day, 1, 7) AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
    DELETE FROM product_sales_yearly WHERE year = substr(day, 1, 4) AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = sale);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_daily AS r (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (sale_local_day(NEW.local_date, NEW.sale_date), NEW.payment_method, 1, NEW.total_cents - NEW.returned_cents, NEW.cost_cents - NEW.returned_cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = r.sales_count + excluded.sales_count,
      total_cents = r.total_cents + excluded.total_cents, cost_cents = r.cost_cents + excluded.cost_cents;
  IF TG_OP = 'UPDATE' THEN
    PERFORM sale_items_to_rollups(NEW.id, sale_local_day(NEW.local_date, NEW.sale_date), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_rollup_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text := sale_local_day(OLD.local_date, OLD.sale_date);
BEGIN
  UPDATE sales_daily SET sales_count = sales_count - 1, total_cents = total_cents - (OLD.total_cents - OLD.returned_cents), cost_cents = cost_cents - (OLD.cost_cents - OLD.returned_cost_cents)
    WHERE local_date = day AND payment_method = OLD.payment_method;
  DELETE FROM sales_daily WHERE local_date = day AND payment_method = OLD.payment_method AND sales_count = 0;
  PERFORM sale_items_to_rollups(NEW.id, sale_local_day(NEW.local_date, NEW.sale_date), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_items_rollup_ai() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text;
BEGIN
  SELECT sale_local_day(s.local_date, s.sale_date) INTO day FROM sales s WHERE s.id = NEW.sale_id AND sale_counts(s.payment_status, s.refunded_at);
  IF day IS NULL THEN RETURN NULL; END IF;
  INSERT INTO product_sales_daily AS r (local_date, product_id, quantity, revenue_cents) VALUES (day, NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents)
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly AS r (month, product_id, quantity, revenue_cents) VALUES (substr(day, 1, 7), NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents)
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly AS r (year, product_id, quantity, revenue_cents) VALUES (substr(day, 1, 4), NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents)
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue_cents = r.revenue_cents + excluded.revenue_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_items_rollup_return() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE day text;
BEGIN
  SELECT sale_local_day(s.local_date, s.sale_date) INTO day FROM sales s WHERE s.id = NEW.sale_id AND sale_counts(s.payment_status, s.refunded_at);
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
DROP TRIGGER sales_rollup_ai ON sales;
--> statement-breakpoint
DROP TRIGGER sales_rollup_restore ON sales;
--> statement-breakpoint
DROP TRIGGER sales_rollup_cancel ON sales;
--> statement-breakpoint
DROP TRIGGER sales_rollup_return ON sales;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_ai AFTER INSERT ON sales FOR EACH ROW
  WHEN (sale_counts(NEW.payment_status, NEW.refunded_at)) EXECUTE FUNCTION sales_rollup_add();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_count AFTER UPDATE OF payment_status, refunded_at ON sales FOR EACH ROW
  WHEN (NOT sale_counts(OLD.payment_status, OLD.refunded_at) AND sale_counts(NEW.payment_status, NEW.refunded_at)) EXECUTE FUNCTION sales_rollup_add();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_uncount AFTER UPDATE OF payment_status, refunded_at ON sales FOR EACH ROW
  WHEN (sale_counts(OLD.payment_status, OLD.refunded_at) AND NOT sale_counts(NEW.payment_status, NEW.refunded_at)) EXECUTE FUNCTION sales_rollup_cancel();
--> statement-breakpoint
CREATE TRIGGER sales_rollup_return AFTER UPDATE OF returned_cents, returned_cost_cents ON sales FOR EACH ROW
  WHEN (sale_counts(NEW.payment_status, NEW.refunded_at)) EXECUTE FUNCTION sales_rollup_return();
--> statement-breakpoint
DELETE FROM sales_daily;
--> statement-breakpoint
DELETE FROM product_sales_daily;
--> statement-breakpoint
DELETE FROM product_sales_monthly;
--> statement-breakpoint
DELETE FROM product_sales_yearly;
--> statement-breakpoint
INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
  SELECT sale_local_day(local_date, sale_date), payment_method, count(*), sum(total_cents - returned_cents), sum(cost_cents - returned_cost_cents) FROM sales
  WHERE sale_counts(payment_status, refunded_at) GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
  SELECT sale_local_day(s.local_date, s.sale_date), i.product_id, sum(i.quantity - i.returned_quantity), sum(i.subtotal_cents - i.returned_cents)
  FROM sale_items i JOIN sales s ON s.id = i.sale_id
  WHERE sale_counts(s.payment_status, s.refunded_at) GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
  SELECT substr(local_date, 1, 7), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_daily GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
  SELECT substr(month, 1, 4), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_monthly GROUP BY 1, 2;
