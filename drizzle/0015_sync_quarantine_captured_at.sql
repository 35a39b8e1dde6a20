CREATE TABLE `sync_quarantine` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` text NOT NULL,
	`sync_batch_id` integer,
	`client_sale_id` text,
	`reason` text NOT NULL,
	`body` text NOT NULL,
	`body_hash` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`last_received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `devices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_quarantine_body_uq` ON `sync_quarantine` (`device_id`,`body_hash`);--> statement-breakpoint
CREATE INDEX `sync_quarantine_client_sale_idx` ON `sync_quarantine` (`client_sale_id`);--> statement-breakpoint
ALTER TABLE `sales` ADD `captured_at` text;--> statement-breakpoint
-- Before issue #29 a pushed sale was booked on its device's time: that is what its device said.
UPDATE `sales` SET `captured_at` = `sale_date` WHERE `device_id` IS NOT NULL;
