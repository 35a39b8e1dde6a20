CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" text NOT NULL,
	"created_at" text DEFAULT to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "registered_by" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "registered_from" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "revoked_at" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "revoked_by" integer;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD COLUMN "force_closed_by" integer;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD COLUMN "force_closed_at" text;--> statement-breakpoint
ALTER TABLE "revoked_tokens" ADD CONSTRAINT "revoked_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_sessions" ADD CONSTRAINT "cash_sessions_force_closed_by_users_id_fk" FOREIGN KEY ("force_closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;