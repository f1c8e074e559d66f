CREATE TABLE "promotion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('TG' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"referrer_kind" text NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"min_first_amount" integer DEFAULT 0 NOT NULL,
	"first_within_days" integer DEFAULT 30 NOT NULL,
	"reward_kind" text DEFAULT 'points' NOT NULL,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"coupon_template_id" integer,
	"staff_reward" integer DEFAULT 0 NOT NULL,
	"approval_id" integer,
	"referrals" integer DEFAULT 0 NOT NULL,
	"rewarded" integer DEFAULT 0 NOT NULL,
	"first_revenue" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_code_uq" UNIQUE("code"),
	CONSTRAINT "promotion_status_chk" CHECK ("promotion"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "promotion_referrer_chk" CHECK ("promotion"."referrer_kind" in ('member', 'staff', 'any')),
	CONSTRAINT "promotion_reward_chk" CHECK ("promotion"."reward_kind" in ('points', 'coupon')),
	CONSTRAINT "promotion_amounts_chk" CHECK ("promotion"."min_first_amount" >= 0 and "promotion"."reward_points" >= 0 and "promotion"."staff_reward" >= 0 and "promotion"."first_within_days" > 0 and "promotion"."end_day" >= "promotion"."start_day")
);
--> statement-breakpoint
CREATE TABLE "promotion_referral" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promotion_referral_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"promotion_id" integer NOT NULL,
	"client_id" integer,
	"referral_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"referrer_kind" text NOT NULL,
	"referrer_member_id" integer,
	"referrer_staff_id" integer,
	"status" text DEFAULT 'registered' NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"first_bill_id" integer,
	"first_amount" integer,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"coupon_issue_id" integer,
	"staff_reward" integer DEFAULT 0 NOT NULL,
	"reward_note" text,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_referral_no_uq" UNIQUE("client_id","referral_no"),
	CONSTRAINT "promotion_referral_member_uq" UNIQUE("member_id"),
	CONSTRAINT "promotion_referral_status_chk" CHECK ("promotion_referral"."status" in ('registered', 'rewarded', 'missed')),
	CONSTRAINT "promotion_referral_referrer_chk" CHECK (("promotion_referral"."referrer_kind" = 'member' and "promotion_referral"."referrer_member_id" is not null and "promotion_referral"."referrer_staff_id" is null)
        or ("promotion_referral"."referrer_kind" = 'staff' and "promotion_referral"."referrer_staff_id" is not null and "promotion_referral"."referrer_member_id" is null))
);
--> statement-breakpoint
ALTER TABLE "coupon_issue" DROP CONSTRAINT "coupon_issue_source_chk";--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" DROP CONSTRAINT "coupon_issue_failure_source_chk";--> statement-breakpoint
ALTER TABLE "member_coupon" DROP CONSTRAINT "member_coupon_source_chk";--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_kind_chk";--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion" ADD CONSTRAINT "promotion_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_promotion_id_promotion_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_referrer_member_id_member_id_fk" FOREIGN KEY ("referrer_member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_referrer_staff_id_staff_id_fk" FOREIGN KEY ("referrer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_first_bill_id_member_consume_id_fk" FOREIGN KEY ("first_bill_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_referral" ADD CONSTRAINT "promotion_referral_coupon_issue_id_coupon_issue_id_fk" FOREIGN KEY ("coupon_issue_id") REFERENCES "public"."coupon_issue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotion_created_idx" ON "promotion" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "promotion_referral_promotion_idx" ON "promotion_referral" USING btree ("promotion_id","registered_at");--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_source_chk" CHECK ("coupon_issue"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion'));--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" ADD CONSTRAINT "coupon_issue_failure_source_chk" CHECK ("coupon_issue_failure"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion'));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_source_chk" CHECK ("member_coupon"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion'));--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_kind_chk" CHECK ("points_ledger"."kind" in ('earn', 'refund', 'exchange', 'expire', 'reward'));