-- Sales rollups (tables in 0003_sales_rollups.sql, server/db/schema.ts). Invariant: sales_daily and
-- product_sales_{daily,monthly,yearly} hold exactly the aggregates of the COUNTED sales (payment_status
-- 'pagado' | 'pendiente') and their items, by the sale's local day (sales.local_date, written by recordSale;
-- a writer that leaves it NULL gets date(sale_date, '-3 hours'), the shop's UTC-3). The triggers below
-- keep them so on every insert into sales / sale_items and every change of sales.payment_status, whoever
-- writes; application code never writes these tables. Items are inserted after their sale (recordSale).
-- Backfill first: local days of existing sales, then the rollups rebuilt from the raw rows.
UPDATE sales SET local_date = date(sale_date, '-3 hours') WHERE local_date IS NULL;
--> statement-breakpoint
INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
  SELECT local_date, payment_method, count(*), sum(total_cents), sum(cost_cents) FROM sales
  WHERE payment_status IN ('pagado', 'pendiente') GROUP BY local_date, payment_method;
--> statement-breakpoint
INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
  SELECT s.local_date, i.product_id, sum(i.quantity), sum(i.subtotal_cents) FROM sale_items i JOIN sales s ON s.id = i.sale_id
  WHERE s.payment_status IN ('pagado', 'pendiente') GROUP BY s.local_date, i.product_id;
--> statement-breakpoint
INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
  SELECT substr(local_date, 1, 7), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_daily GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
  SELECT substr(month, 1, 4), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_monthly GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_ai AFTER INSERT ON sales WHEN NEW.payment_status IN ('pagado', 'pendiente') BEGIN
  INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), NEW.payment_method, 1, NEW.total_cents, NEW.cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = sales_count + excluded.sales_count,
      total_cents = total_cents + excluded.total_cents, cost_cents = cost_cents + excluded.cost_cents;
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_ai AFTER INSERT ON sale_items
WHEN (SELECT payment_status FROM sales WHERE id = NEW.sale_id) IN ('pagado', 'pendiente') BEGIN
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(s.local_date, date(s.sale_date, '-3 hours')), NEW.product_id, NEW.quantity, NEW.subtotal_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 7), NEW.product_id, NEW.quantity, NEW.subtotal_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 4), NEW.product_id, NEW.quantity, NEW.subtotal_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_cancel AFTER UPDATE OF payment_status ON sales
WHEN OLD.payment_status IN ('pagado', 'pendiente') AND NEW.payment_status NOT IN ('pagado', 'pendiente') BEGIN
  UPDATE sales_daily SET sales_count = sales_count - 1, total_cents = total_cents - OLD.total_cents, cost_cents = cost_cents - OLD.cost_cents
    WHERE local_date = coalesce(OLD.local_date, date(OLD.sale_date, '-3 hours')) AND payment_method = OLD.payment_method;
  DELETE FROM sales_daily WHERE local_date = coalesce(OLD.local_date, date(OLD.sale_date, '-3 hours')) AND payment_method = OLD.payment_method AND sales_count = 0;
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), product_id, -sum(quantity), -sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_daily WHERE local_date = coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')) AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7), product_id, -sum(quantity), -sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_monthly WHERE month = substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7) AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4), product_id, -sum(quantity), -sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_yearly WHERE year = substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4) AND quantity = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_restore AFTER UPDATE OF payment_status ON sales
WHEN OLD.payment_status NOT IN ('pagado', 'pendiente') AND NEW.payment_status IN ('pagado', 'pendiente') BEGIN
  INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), NEW.payment_method, 1, NEW.total_cents, NEW.cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = sales_count + excluded.sales_count,
      total_cents = total_cents + excluded.total_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), product_id, sum(quantity), sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7), product_id, sum(quantity), sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4), product_id, sum(quantity), sum(subtotal_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
END;
