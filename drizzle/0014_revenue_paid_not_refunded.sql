ALTER TABLE `sales` ADD `refunded_at` text;
--> statement-breakpoint
-- Revenue is defined once (domain/revenue.ts): a sale counts when it is paid ('pagado') and its payment was
-- not refunded (refunded_at IS NULL), net of its partial returns. Before this migration the rollups counted
-- 'pendiente' sales too: the triggers of 0004/0010 are replaced by ones on that predicate, and the rollups
-- are rebuilt from the raw rows, so what they hold is exactly Σ over counted sales of
-- (total − returned, cost − returned cost) and per line (quantity − returned quantity, subtotal − returned).
DROP TRIGGER IF EXISTS sales_rollup_ai;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sale_items_rollup_ai;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_rollup_cancel;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_rollup_restore;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_rollup_return;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sale_items_rollup_return;
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
  SELECT coalesce(local_date, date(sale_date, '-3 hours')), payment_method, count(*), sum(total_cents - returned_cents), sum(cost_cents - returned_cost_cents) FROM sales
  WHERE payment_status = 'pagado' AND refunded_at IS NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
  SELECT coalesce(s.local_date, date(s.sale_date, '-3 hours')), i.product_id, sum(i.quantity - i.returned_quantity), sum(i.subtotal_cents - i.returned_cents)
  FROM sale_items i JOIN sales s ON s.id = i.sale_id
  WHERE s.payment_status = 'pagado' AND s.refunded_at IS NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
  SELECT substr(local_date, 1, 7), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_daily GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
  SELECT substr(month, 1, 4), product_id, sum(quantity), sum(revenue_cents) FROM product_sales_monthly GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER sales_rollup_ai AFTER INSERT ON sales WHEN NEW.payment_status = 'pagado' AND NEW.refunded_at IS NULL BEGIN
  INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), NEW.payment_method, 1, NEW.total_cents - NEW.returned_cents, NEW.cost_cents - NEW.returned_cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = sales_count + excluded.sales_count,
      total_cents = total_cents + excluded.total_cents, cost_cents = cost_cents + excluded.cost_cents;
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_ai AFTER INSERT ON sale_items
WHEN (SELECT payment_status = 'pagado' AND refunded_at IS NULL FROM sales WHERE id = NEW.sale_id) BEGIN
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(s.local_date, date(s.sale_date, '-3 hours')), NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 7), NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 4), NEW.product_id, NEW.quantity - NEW.returned_quantity, NEW.subtotal_cents - NEW.returned_cents FROM sales s WHERE s.id = NEW.sale_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
-- A counted sale that stops counting (cancelled, or its payment refunded): what it counted, net of its returns, off its day.
CREATE TRIGGER sales_rollup_uncount AFTER UPDATE OF payment_status, refunded_at ON sales
WHEN (OLD.payment_status = 'pagado' AND OLD.refunded_at IS NULL) AND NOT (NEW.payment_status = 'pagado' AND NEW.refunded_at IS NULL) BEGIN
  UPDATE sales_daily SET sales_count = sales_count - 1, total_cents = total_cents - (OLD.total_cents - OLD.returned_cents), cost_cents = cost_cents - (OLD.cost_cents - OLD.returned_cost_cents)
    WHERE local_date = coalesce(OLD.local_date, date(OLD.sale_date, '-3 hours')) AND payment_method = OLD.payment_method;
  DELETE FROM sales_daily WHERE local_date = coalesce(OLD.local_date, date(OLD.sale_date, '-3 hours')) AND payment_method = OLD.payment_method AND sales_count = 0;
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), product_id, -sum(quantity - returned_quantity), -sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_daily WHERE local_date = coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')) AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7), product_id, -sum(quantity - returned_quantity), -sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_monthly WHERE month = substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7) AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4), product_id, -sum(quantity - returned_quantity), -sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  DELETE FROM product_sales_yearly WHERE year = substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4) AND quantity = 0 AND revenue_cents = 0 AND product_id IN (SELECT product_id FROM sale_items WHERE sale_id = NEW.id);
END;
--> statement-breakpoint
-- A sale that starts counting (pendiente → pagado when Mercado Pago approves; a cancelled sale restored): onto its day.
CREATE TRIGGER sales_rollup_count AFTER UPDATE OF payment_status, refunded_at ON sales
WHEN NOT (OLD.payment_status = 'pagado' AND OLD.refunded_at IS NULL) AND (NEW.payment_status = 'pagado' AND NEW.refunded_at IS NULL) BEGIN
  INSERT INTO sales_daily (local_date, payment_method, sales_count, total_cents, cost_cents)
    VALUES (coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), NEW.payment_method, 1, NEW.total_cents - NEW.returned_cents, NEW.cost_cents - NEW.returned_cost_cents)
    ON CONFLICT (local_date, payment_method) DO UPDATE SET sales_count = sales_count + excluded.sales_count,
      total_cents = total_cents + excluded.total_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO product_sales_daily (local_date, product_id, quantity, revenue_cents)
    SELECT coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), product_id, sum(quantity - returned_quantity), sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (local_date, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_monthly (month, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 7), product_id, sum(quantity - returned_quantity), sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (month, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO product_sales_yearly (year, product_id, quantity, revenue_cents)
    SELECT substr(coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')), 1, 4), product_id, sum(quantity - returned_quantity), sum(subtotal_cents - returned_cents) FROM sale_items WHERE sale_id = NEW.id GROUP BY product_id
    ON CONFLICT (year, product_id) DO UPDATE SET quantity = quantity + excluded.quantity, revenue_cents = revenue_cents + excluded.revenue_cents;
END;
--> statement-breakpoint
-- Returns of a counted sale: the difference off the rollups of its day (as 0010, on the new predicate).
CREATE TRIGGER sales_rollup_return AFTER UPDATE OF returned_cents, returned_cost_cents ON sales
WHEN NEW.payment_status = 'pagado' AND NEW.refunded_at IS NULL BEGIN
  UPDATE sales_daily SET total_cents = total_cents - (NEW.returned_cents - OLD.returned_cents),
      cost_cents = cost_cents - (NEW.returned_cost_cents - OLD.returned_cost_cents)
    WHERE local_date = coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')) AND payment_method = NEW.payment_method;
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_return AFTER UPDATE OF returned_quantity, returned_cents ON sale_items
WHEN (SELECT payment_status = 'pagado' AND refunded_at IS NULL FROM sales WHERE id = NEW.sale_id) BEGIN
  UPDATE product_sales_daily SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND local_date = (SELECT coalesce(s.local_date, date(s.sale_date, '-3 hours')) FROM sales s WHERE s.id = NEW.sale_id);
  UPDATE product_sales_monthly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND month = (SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 7) FROM sales s WHERE s.id = NEW.sale_id);
  UPDATE product_sales_yearly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND year = (SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 4) FROM sales s WHERE s.id = NEW.sale_id);
END;
