-- Issue #33: the issuer's fiscal facts get one home (business_info) and every invoice keeps its buyer as
-- issued; the invoicing value wins where the two homes disagreed (see drizzle/0020_issuer_home_buyer_snapshot.sql).
ALTER TABLE "business_info" ADD COLUMN "start_of_activities" text;--> statement-breakpoint
ALTER TABLE "business_info" ADD COLUMN "iibb" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_address" text;--> statement-breakpoint
INSERT INTO "business_info" ("id", "business_name") SELECT 1, '' WHERE EXISTS (SELECT 1 FROM "arca_settings" WHERE "id" = 1) AND NOT EXISTS (SELECT 1 FROM "business_info" WHERE "id" = 1);--> statement-breakpoint
UPDATE "business_info" SET
  "cuit" = COALESCE((SELECT "cuit" FROM "arca_settings" WHERE "id" = 1), "cuit"),
  "tax_condition" = COALESCE(
    (SELECT "tax_condition" FROM "arca_settings" WHERE "id" = 1),
    CASE WHEN lower("tax_condition") LIKE '%monotrib%' THEN 'monotributo' WHEN lower("tax_condition") LIKE '%inscript%' THEN 'responsable_inscripto' ELSE "tax_condition" END
  ),
  "start_of_activities" = (SELECT "start_of_activities" FROM "arca_settings" WHERE "id" = 1),
  "iibb" = (SELECT "iibb" FROM "arca_settings" WHERE "id" = 1)
WHERE "id" = 1;--> statement-breakpoint
ALTER TABLE "arca_settings" DROP COLUMN "cuit";--> statement-breakpoint
ALTER TABLE "arca_settings" DROP COLUMN "tax_condition";--> statement-breakpoint
ALTER TABLE "arca_settings" DROP COLUMN "start_of_activities";--> statement-breakpoint
ALTER TABLE "arca_settings" DROP COLUMN "iibb";
