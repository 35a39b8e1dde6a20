CREATE TABLE `cash_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_movement_id` text NOT NULL,
	`session_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`user_id` integer NOT NULL,
	`at` text NOT NULL,
	`body_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_movements_client_movement_id_unique` ON `cash_movements` (`client_movement_id`);--> statement-breakpoint
CREATE INDEX `cash_movements_session_idx` ON `cash_movements` (`session_id`);--> statement-breakpoint
CREATE TABLE `cash_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_session_id` text NOT NULL,
	`device_id` text NOT NULL,
	`opened_by` integer NOT NULL,
	`opened_at` text NOT NULL,
	`local_date` text NOT NULL,
	`float_cents` integer NOT NULL,
	`open_denominations` text,
	`open_hash` text NOT NULL,
	`closed_by` integer,
	`closed_at` text,
	`close_received_at` text,
	`counted_cents` integer,
	`expected_cents` integer,
	`difference_cents` integer,
	`comment` text,
	`close_denominations` text,
	`declared_json` text,
	`close_hash` text,
	`z_number` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_client_session_id_unique` ON `cash_sessions` (`client_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_z_number_unique` ON `cash_sessions` (`z_number`);--> statement-breakpoint
CREATE INDEX `cash_sessions_device_idx` ON `cash_sessions` (`device_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `cash_sessions_date_idx` ON `cash_sessions` (`local_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_one_open_uq` ON `cash_sessions` (`device_id`) WHERE "cash_sessions"."closed_at" IS NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `cash_session_id` text;--> statement-breakpoint
CREATE INDEX `sales_cash_session_idx` ON `sales` (`cash_session_id`);