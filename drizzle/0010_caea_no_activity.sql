CREATE TABLE `caea_no_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issuer_cuit` text NOT NULL,
	`environment` text NOT NULL,
	`simulator` integer DEFAULT false NOT NULL,
	`caea` text NOT NULL,
	`pto_vta` integer NOT NULL,
	`informed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `caea_no_activity_uq` ON `caea_no_activity` (`issuer_cuit`,`environment`,`simulator`,`caea`,`pto_vta`);