ALTER TABLE "promotion" DROP CONSTRAINT "promotion_approval_id_approval_id_fk";
--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_kind_chk" CHECK ("promotion_referral"."referrer_kind" in ('member', 'staff'));