CREATE TABLE `arca_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`cuit` text,
	`tax_condition` text,
	`start_of_activities` text,
	`iibb` text,
	`pto_vta` integer,
	`environment` text DEFAULT 'homologacion' NOT NULL,
	`identification_threshold_cents` integer DEFAULT 1000000000 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `arca_tickets` (
	`cuit` text NOT NULL,
	`service` text NOT NULL,
	`environment` text NOT NULL,
	`cert_fingerprint` text NOT NULL,
	`token` text NOT NULL,
	`sign` text NOT NULL,
	`generation_time` text NOT NULL,
	`expiration_time` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`cuit`, `service`, `environment`, `cert_fingerprint`)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`status` text DEFAULT 'pendiente' NOT NULL,
	`environment` text NOT NULL,
	`simulator` integer DEFAULT false NOT NULL,
	`issuer_cuit` text NOT NULL,
	`issuer_tax_condition` text NOT NULL,
	`pto_vta` integer NOT NULL,
	`cbte_tipo` integer NOT NULL,
	`cbte_nro` integer,
	`cbte_fch` text NOT NULL,
	`doc_tipo` integer NOT NULL,
	`doc_nro` text NOT NULL,
	`condicion_iva_receptor` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`iva_cents` integer NOT NULL,
	`iva_json` text DEFAULT '[]' NOT NULL,
	`request_json` text NOT NULL,
	`cae` text,
	`cae_vto` text,
	`observations_json` text DEFAULT '[]' NOT NULL,
	`failure_reason` text,
	`error_code` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_retry_at` text,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`authorized_at` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sale_uq` ON `invoices` (`sale_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_uq` ON `invoices` (`issuer_cuit`,`environment`,`simulator`,`pto_vta`,`cbte_tipo`,`cbte_nro`) WHERE "invoices"."cbte_nro" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `invoices_status_retry_idx` ON `invoices` (`status`,`next_retry_at`);--> statement-breakpoint
CREATE INDEX `invoices_created_idx` ON `invoices` (`created_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `iva_rate_bp` integer DEFAULT 2100 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `iva_rate_bp` integer DEFAULT 2100 NOT NULL;