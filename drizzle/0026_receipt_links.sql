CREATE TABLE `receipt_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`sale_id` integer NOT NULL,
	`kind` text NOT NULL,
	`with_customer_data` integer DEFAULT false NOT NULL,
	`created_by` integer NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipt_links_token_uq` ON `receipt_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `receipt_links_sale_idx` ON `receipt_links` (`sale_id`);--> statement-breakpoint
CREATE INDEX `receipt_links_expires_idx` ON `receipt_links` (`expires_at`);