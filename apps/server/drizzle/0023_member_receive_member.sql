-- member_id was never written before the member table; clear anything that points nowhere, then link by phone.
UPDATE "member_receive" SET "member_id" = NULL WHERE "member_id" IS NOT NULL AND "member_id" NOT IN (SELECT "id" FROM "member");--> statement-breakpoint
ALTER TABLE "member_receive" ADD CONSTRAINT "member_receive_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_receive_member_idx" ON "member_receive" USING btree ("member_id");--> statement-breakpoint
-- Records whose phone and area code are a member's point at that member.
UPDATE "member_receive" AS r SET "member_id" = m."id" FROM "member" AS m
  WHERE r."member_id" IS NULL AND m."phone" = r."member_phone" AND m."area_code" = r."area_code";
