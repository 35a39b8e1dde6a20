CREATE TABLE `caeas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issuer_cuit` text NOT NULL,
	`environment` text NOT NULL,
	`simulator` integer DEFAULT false NOT NULL,
	`periodo` integer NOT NULL,
	`orden` integer NOT NULL,
	`caea` text NOT NULL,
	`valid_from` text NOT NULL,
	`valid_to` text NOT NULL,
	`report_deadline` text NOT NULL,
	`obtained_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `caeas_fortnight_uq` ON `caeas` (`issuer_cuit`,`environment`,`simulator`,`periodo`,`orden`);--> statement-breakpoint
ALTER TABLE `arca_settings` ADD `caea_pto_vta` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `caea_pto_vta` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `devices_caea_pto_vta_uq` ON `devices` (`caea_pto_vta`) WHERE "devices"."caea_pto_vta" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `authorization` text DEFAULT 'CAE' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `device_id` text REFERENCES devices(id);--> statement-breakpoint
ALTER TABLE `invoices` ADD `report_status` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `report_deadline` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `report_error` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `report_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `report_next_at` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reported_at` text;--> statement-breakpoint
CREATE INDEX `invoices_report_idx` ON `invoices` (`report_status`,`report_next_at`);