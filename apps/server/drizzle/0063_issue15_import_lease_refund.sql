ALTER TABLE "member_import" ADD COLUMN "lease_holder" text;--> statement-breakpoint
ALTER TABLE "member_import" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_import" ADD COLUMN "resumes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_import" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD COLUMN "origin_card_id" integer;--> statement-breakpoint
ALTER TABLE "member_import" ADD CONSTRAINT "member_import_started_by_user_account_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_origin_card_id_member_card_id_fk" FOREIGN KEY ("origin_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_import_running_idx" ON "member_import" USING btree ("lease_until") WHERE "member_import"."state" = 'running';