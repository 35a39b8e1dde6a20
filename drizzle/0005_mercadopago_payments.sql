CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_row_id` integer NOT NULL,
	`provider_payment_id` text NOT NULL,
	`status` text NOT NULL,
	`status_detail` text,
	`amount_cents` integer,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`payment_row_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_uq` ON `payment_events` (`provider_payment_id`,`status`);--> statement-breakpoint
CREATE INDEX `payment_events_row_idx` ON `payment_events` (`payment_row_id`);--> statement-breakpoint
CREATE TABLE `payment_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`access_token` text,
	`webhook_secret` text,
	`public_url` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer,
	`idempotency_key` text NOT NULL,
	`external_reference` text NOT NULL,
	`preference_id` text,
	`init_point` text,
	`sandbox_init_point` text,
	`request_json` text NOT NULL,
	`provider_payment_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_detail` text,
	`amount_cents` integer NOT NULL,
	`user_id` integer,
	`expires_at` text NOT NULL,
	`last_checked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- The old payments table was never written (no payments flow existed): nothing to copy.
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotency_uq` ON `payments` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reference_uq` ON `payments` (`external_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_preference_uq` ON `payments` (`preference_id`);--> statement-breakpoint
CREATE INDEX `payments_sale_idx` ON `payments` (`sale_id`);--> statement-breakpoint
ALTER TABLE `sales` ADD `flag_payment_review` integer DEFAULT false NOT NULL;