ALTER TABLE `customer_account_movements` ADD `cash_session_id` text;--> statement-breakpoint
ALTER TABLE `customer_account_movements` ADD `over_limit` integer DEFAULT false NOT NULL;