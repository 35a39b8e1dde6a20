CREATE TABLE `monotributo_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`category` text,
	`scale_json` text NOT NULL,
	`source` text NOT NULL,
	`valid_from` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `monotributo_settings` (`id`, `category`, `scale_json`, `source`, `valid_from`) VALUES (1, NULL, '[{"category":"A","capCents":1027798813},{"category":"B","capCents":1505844771},{"category":"C","capCents":2111369652},{"category":"D","capCents":2621285342},{"category":"E","capCents":3083396437},{"category":"F","capCents":3864204836},{"category":"G","capCents":4621110937},{"category":"H","capCents":7011340733},{"category":"I","capCents":7847921162},{"category":"J","capCents":8987264030},{"category":"K","capCents":10835708405}]', 'ARCA, escalas vigentes desde el 1/2/2026 (ingresos brutos anuales), publicadas por cronista.com «Alerta monotributistas» (18/2/2026); A y K también en lagaceta.com.ar nota 1124965. Revisar con la tabla de la recategorización de agosto de 2026.', '2026-02-01');