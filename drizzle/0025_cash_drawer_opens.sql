CREATE TABLE `cash_drawer_opens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_event_id` text NOT NULL,
	`session_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`at` text NOT NULL,
	`body_hash` text NOT NULL,
	`review_note` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_drawer_opens_client_event_id_unique` ON `cash_drawer_opens` (`client_event_id`);--> statement-breakpoint
CREATE INDEX `cash_drawer_opens_session_idx` ON `cash_drawer_opens` (`session_id`);