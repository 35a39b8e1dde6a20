CREATE TABLE `caea_no_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issuer_cuit` text NOT NULL,
	`environment` text NOT NULL,
	`simulator` integer DEFAULT false NOT NULL,
	`caea` text NOT NULL,
	`pto_vta` integer NOT NULL,
	`informed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `caea_no_activity_uq` ON `caea_no_activity` (`issuer_cuit`,`environment`,`simulator`,`caea`,`pto_vta`);--> statement-breakpoint
CREATE TABLE `sale_return_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` integer NOT NULL,
	`sale_item_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	FOREIGN KEY (`return_id`) REFERENCES `sale_returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_item_id`) REFERENCES `sale_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sale_return_items_return_idx` ON `sale_return_items` (`return_id`);--> statement-breakpoint
CREATE TABLE `sale_returns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`request_id` text,
	`user_id` integer NOT NULL,
	`reason` text,
	`total_cents` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_returns_request_id_unique` ON `sale_returns` (`request_id`);--> statement-breakpoint
CREATE INDEX `sale_returns_sale_idx` ON `sale_returns` (`sale_id`);--> statement-breakpoint
DROP INDEX `invoices_sale_uq`;--> statement-breakpoint
ALTER TABLE `invoices` ADD `associated_invoice_id` integer REFERENCES invoices(id);--> statement-breakpoint
ALTER TABLE `invoices` ADD `sale_return_id` integer REFERENCES sale_returns(id);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_cancel_note_uq` ON `invoices` (`associated_invoice_id`) WHERE "invoices"."associated_invoice_id" IS NOT NULL AND "invoices"."sale_return_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_return_note_uq` ON `invoices` (`sale_return_id`) WHERE "invoices"."sale_return_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sale_uq` ON `invoices` (`sale_id`) WHERE "invoices"."associated_invoice_id" IS NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `returned_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `returned_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `returned_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `returned_cost_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Returns keep the sales rollups (0004) exact: what counts as sold is total_cents − returned_cents,
-- cost_cents − returned_cost_cents, and per line quantity − returned_quantity, subtotal_cents − returned_cents.
-- A return (of a counted sale; a cancelled sale takes no returns, a sale with returns is not cancelled)
-- raises those columns and these triggers take the difference off the rollups of the sale's local day.
CREATE TRIGGER sales_rollup_return AFTER UPDATE OF returned_cents, returned_cost_cents ON sales
WHEN NEW.payment_status IN ('pagado', 'pendiente') BEGIN
  UPDATE sales_daily SET total_cents = total_cents - (NEW.returned_cents - OLD.returned_cents),
      cost_cents = cost_cents - (NEW.returned_cost_cents - OLD.returned_cost_cents)
    WHERE local_date = coalesce(NEW.local_date, date(NEW.sale_date, '-3 hours')) AND payment_method = NEW.payment_method;
END;
--> statement-breakpoint
CREATE TRIGGER sale_items_rollup_return AFTER UPDATE OF returned_quantity, returned_cents ON sale_items
WHEN (SELECT payment_status FROM sales WHERE id = NEW.sale_id) IN ('pagado', 'pendiente') BEGIN
  UPDATE product_sales_daily SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND local_date = (SELECT coalesce(s.local_date, date(s.sale_date, '-3 hours')) FROM sales s WHERE s.id = NEW.sale_id);
  UPDATE product_sales_monthly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND month = (SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 7) FROM sales s WHERE s.id = NEW.sale_id);
  UPDATE product_sales_yearly SET quantity = quantity - (NEW.returned_quantity - OLD.returned_quantity), revenue_cents = revenue_cents - (NEW.returned_cents - OLD.returned_cents)
    WHERE product_id = NEW.product_id AND year = (SELECT substr(coalesce(s.local_date, date(s.sale_date, '-3 hours')), 1, 4) FROM sales s WHERE s.id = NEW.sale_id);
END;
