CREATE TABLE `revoked_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `revoked_tokens_expires_idx` ON `revoked_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `devices` ADD `registered_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `devices` ADD `registered_from` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `revoked_at` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `revoked_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `cash_movements` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `cash_sessions` ADD `review_note` text;--> statement-breakpoint
ALTER TABLE `cash_sessions` ADD `force_closed_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `cash_sessions` ADD `force_closed_at` text;