ALTER TABLE "marketing_real_card" ADD COLUMN "member_card_id" integer;--> statement-breakpoint
-- Claims made before member_id was a foreign key may name no member: they keep their phone only.
UPDATE "marketing_real_card" SET "member_id" = NULL WHERE "member_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "member" WHERE "member"."id" = "marketing_real_card"."member_id");--> statement-breakpoint
ALTER TABLE "marketing_real_card" ADD CONSTRAINT "marketing_real_card_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_real_card" ADD CONSTRAINT "marketing_real_card_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_real_card" ADD CONSTRAINT "marketing_real_card_member_card_uq" UNIQUE("member_card_id");--> statement-breakpoint
-- NOT VALID: cards claimed before a claim opened a member card have neither id; every claim from now on has both.
ALTER TABLE "marketing_real_card" ADD CONSTRAINT "marketing_real_card_claim_member_chk" CHECK (("marketing_real_card"."status" = 'claimed') = ("marketing_real_card"."member_id" is not null and "marketing_real_card"."member_card_id" is not null)) NOT VALID;