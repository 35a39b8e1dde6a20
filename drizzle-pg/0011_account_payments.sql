ALTER TABLE "customer_account_movements" ADD COLUMN "cash_session_id" text;--> statement-breakpoint
ALTER TABLE "customer_account_movements" ADD COLUMN "over_limit" boolean DEFAULT false NOT NULL;