CREATE TABLE `customer_account_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`sale_id` integer,
	`return_id` integer,
	`payment_method` text,
	`device_id` text,
	`client_movement_id` text,
	`body_hash` text,
	`user_id` integer,
	`note` text,
	`occurred_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`return_id`) REFERENCES `sale_returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_account_movements_client_movement_id_unique` ON `customer_account_movements` (`client_movement_id`);--> statement-breakpoint
CREATE INDEX `customer_movements_customer_idx` ON `customer_account_movements` (`customer_id`,`occurred_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `customer_movements_sale_uq` ON `customer_account_movements` (`sale_id`) WHERE "customer_account_movements"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX `customer_movements_cancel_uq` ON `customer_account_movements` (`sale_id`) WHERE "customer_account_movements"."kind" = 'sale_cancel';--> statement-breakpoint
CREATE UNIQUE INDEX `customer_movements_return_uq` ON `customer_account_movements` (`return_id`) WHERE "customer_account_movements"."return_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `customer_aliases` (
	`uuid` text PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`device_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_aliases_customer_idx` ON `customer_aliases` (`customer_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`doc_type` integer DEFAULT 99 NOT NULL,
	`doc_number` text,
	`name` text NOT NULL,
	`iva_condition_id` integer DEFAULT 5 NOT NULL,
	`address` text,
	`phone` text,
	`email` text,
	`notes` text,
	`account_enabled` integer DEFAULT false NOT NULL,
	`credit_limit_cents` integer,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_by_device_id` text,
	`created_by_user_id` integer,
	`revision` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`created_by_device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_uuid_unique` ON `customers` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `customers_doc_uq` ON `customers` (`doc_type`,`doc_number`) WHERE "customers"."doc_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `customers_revision_idx` ON `customers` (`revision`);--> statement-breakpoint
CREATE INDEX `customers_name_idx` ON `customers` (`active`,`name`);--> statement-breakpoint
CREATE INDEX `customers_account_idx` ON `customers` (`balance_cents`) WHERE "customers"."account_enabled";--> statement-breakpoint
ALTER TABLE `sales` ADD `customer_id` integer REFERENCES customers(id);--> statement-breakpoint
CREATE INDEX `sales_customer_idx` ON `sales` (`customer_id`,`sale_date`);--> statement-breakpoint
-- Customers travel in the pull pages with the catalogue (issue #33): the same revision triggers as products
-- (drizzle/0001), one revision per row written, unique (customers_revision_idx).
CREATE TRIGGER customers_revision_ai AFTER INSERT ON customers BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE customers SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER customers_revision_au AFTER UPDATE ON customers WHEN NEW.revision = OLD.revision BEGIN
  UPDATE sync_state SET revision = revision + 1 WHERE id = 1;
  UPDATE customers SET revision = (SELECT revision FROM sync_state WHERE id = 1), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = NEW.id;
END;
--> statement-breakpoint
-- The customer search (GET /customers?search=, server/modules/customers/repository.ts): an FTS5 trigram
-- table over search_text (customerSearchText: folded name, document, phone and its digits, e-mail).
CREATE VIRTUAL TABLE customers_fts USING fts5(search_text, content='customers', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER customers_fts_ai AFTER INSERT ON customers BEGIN
  INSERT INTO customers_fts(rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER customers_fts_ad AFTER DELETE ON customers BEGIN
  INSERT INTO customers_fts(customers_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER customers_fts_au AFTER UPDATE OF search_text ON customers BEGIN
  INSERT INTO customers_fts(customers_fts, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);
  INSERT INTO customers_fts(rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
--> statement-breakpoint
-- The pull carries a customer's document and e-mail only while sellers may see them (privacidad/
-- vendedores_ven_clientes, a shared counter is a seller's): when that setting changes, every customer is
-- stamped again so the tablets receive it with or without them.
CREATE TRIGGER customers_privacy_au AFTER UPDATE OF valor ON configuration WHEN NEW.categoria = 'privacidad' AND NEW.clave = 'vendedores_ven_clientes' AND NEW.valor <> OLD.valor BEGIN
  UPDATE customers SET updated_at = updated_at;
END;
