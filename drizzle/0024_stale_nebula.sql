CREATE TABLE `mp_counters` (
	`device_id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`pos_id` text NOT NULL,
	`external_pos_id` text NOT NULL,
	`terminal_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `mp_order_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` integer NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`external_reference` text NOT NULL,
	`order_id` text,
	`status` text DEFAULT 'creating' NOT NULL,
	`status_detail` text,
	`qr_data` text,
	`amount_cents` integer NOT NULL,
	`paid_cents` integer,
	`device_id` text,
	`external_pos_id` text,
	`terminal_id` text,
	`user_id` integer,
	`expires_at` text NOT NULL,
	`closed_at` text,
	`review_reason` text,
	`last_checked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mp_order_attempts_key_uq` ON `mp_order_attempts` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `mp_order_attempts_reference_uq` ON `mp_order_attempts` (`external_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `mp_order_attempts_order_uq` ON `mp_order_attempts` (`order_id`);--> statement-breakpoint
CREATE INDEX `mp_order_attempts_sale_idx` ON `mp_order_attempts` (`sale_id`);--> statement-breakpoint
CREATE INDEX `mp_order_attempts_status_idx` ON `mp_order_attempts` (`status`);