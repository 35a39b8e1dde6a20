CREATE TABLE `product_sales_daily` (
	`local_date` text NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`local_date`, `product_id`)
);
--> statement-breakpoint
CREATE TABLE `product_sales_monthly` (
	`month` text NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`month`, `product_id`)
);
--> statement-breakpoint
CREATE TABLE `product_sales_yearly` (
	`year` text NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`year`, `product_id`)
);
--> statement-breakpoint
CREATE TABLE `sales_daily` (
	`local_date` text NOT NULL,
	`payment_method` text NOT NULL,
	`sales_count` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`cost_cents` integer NOT NULL,
	PRIMARY KEY(`local_date`, `payment_method`)
);
--> statement-breakpoint
ALTER TABLE `sales` ADD `local_date` text;