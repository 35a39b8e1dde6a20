CREATE TABLE `device_users` (
	`device_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_seen_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`device_id`, `user_id`),
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sync_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` text NOT NULL,
	`user_id` integer,
	`sale_count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sync_batches_device_idx` ON `sync_batches` (`device_id`);--> statement-breakpoint
ALTER TABLE `devices` ADD `key_hash` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `registered_at` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `body_hash` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `sync_batch_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `token_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Devices from before credentials: the users who sold on them or last synced them may name them as seller.
INSERT OR IGNORE INTO `device_users` (`device_id`, `user_id`) SELECT DISTINCT `device_id`, `user_id` FROM `sales` WHERE `device_id` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `device_users` (`device_id`, `user_id`) SELECT `id`, `user_id` FROM `devices` WHERE `user_id` IS NOT NULL;
