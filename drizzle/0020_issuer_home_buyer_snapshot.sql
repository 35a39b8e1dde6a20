-- Issue #33: the issuer's fiscal facts (CUIT, IVA condition, start of activities, Ingresos Brutos) get one
-- home, business_info, and every invoice keeps its buyer as issued (buyer_name, buyer_address next to
-- doc_tipo, doc_nro and condicion_iva_receptor). Where the two homes disagreed, the invoicing value wins:
-- it is the CUIT ARCA authorised every invoice under (Auth.Cuit, with the certificate's ticket) and the
-- condition those invoices' letters followed; the business copy was only printed on tickets. A free-text
-- condition with no invoicing value is mapped when it names one of the two ('Monotributo', 'Responsable
-- Inscripto') and kept as typed otherwise (docs/invoicing.md «Un solo lugar para el emisor»).
ALTER TABLE `business_info` ADD `start_of_activities` text;--> statement-breakpoint
ALTER TABLE `business_info` ADD `iibb` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer_name` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `buyer_address` text;--> statement-breakpoint
INSERT INTO `business_info` (`id`, `business_name`) SELECT 1, '' WHERE EXISTS (SELECT 1 FROM `arca_settings` WHERE `id` = 1) AND NOT EXISTS (SELECT 1 FROM `business_info` WHERE `id` = 1);--> statement-breakpoint
UPDATE `business_info` SET
  `cuit` = COALESCE((SELECT `cuit` FROM `arca_settings` WHERE `id` = 1), `cuit`),
  `tax_condition` = COALESCE(
    (SELECT `tax_condition` FROM `arca_settings` WHERE `id` = 1),
    CASE WHEN lower(`tax_condition`) LIKE '%monotrib%' THEN 'monotributo' WHEN lower(`tax_condition`) LIKE '%inscript%' THEN 'responsable_inscripto' ELSE `tax_condition` END
  ),
  `start_of_activities` = (SELECT `start_of_activities` FROM `arca_settings` WHERE `id` = 1),
  `iibb` = (SELECT `iibb` FROM `arca_settings` WHERE `id` = 1)
WHERE `id` = 1;--> statement-breakpoint
ALTER TABLE `arca_settings` DROP COLUMN `cuit`;--> statement-breakpoint
ALTER TABLE `arca_settings` DROP COLUMN `tax_condition`;--> statement-breakpoint
ALTER TABLE `arca_settings` DROP COLUMN `start_of_activities`;--> statement-breakpoint
ALTER TABLE `arca_settings` DROP COLUMN `iibb`;
