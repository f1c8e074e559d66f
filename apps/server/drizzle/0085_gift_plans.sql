CREATE TABLE "gift_plan" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('ZS' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" text NOT NULL,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"card_codes" text,
	"gift_bonus" integer DEFAULT 0 NOT NULL,
	"coupon_template_id" integer,
	"coupon_count" integer DEFAULT 0 NOT NULL,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"store_codes" text,
	CONSTRAINT "gift_plan_code_uq" UNIQUE("code"),
	CONSTRAINT "gift_plan_status_chk" CHECK ("gift_plan"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "gift_plan_trigger_chk" CHECK ("gift_plan"."trigger" in ('topUp', 'cardSale')),
	CONSTRAINT "gift_plan_scope_chk" CHECK ("gift_plan"."store_scope" in ('all', 'chosen')),
	CONSTRAINT "gift_plan_amounts_chk" CHECK ("gift_plan"."min_amount" >= 0 and "gift_plan"."gift_bonus" >= 0 and "gift_plan"."coupon_count" between 0 and 10 and "gift_plan"."end_day" >= "gift_plan"."start_day")
);
--> statement-breakpoint
CREATE TABLE "gift_record" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"consume_id" integer NOT NULL,
	"line" integer NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_card_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"coupons" integer DEFAULT 0 NOT NULL,
	"note" text,
	CONSTRAINT "gift_record_line_uq" UNIQUE("consume_id","line"),
	CONSTRAINT "gift_record_trigger_chk" CHECK ("gift_record"."trigger" in ('topUp', 'cardSale')),
	CONSTRAINT "gift_record_amounts_chk" CHECK ("gift_record"."amount" >= 0 and "gift_record"."bonus" >= 0 and "gift_record"."coupons" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_issue" DROP CONSTRAINT "coupon_issue_source_chk";--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" DROP CONSTRAINT "coupon_issue_failure_source_chk";--> statement-breakpoint
ALTER TABLE "member_coupon" DROP CONSTRAINT "member_coupon_source_chk";--> statement-breakpoint
ALTER TABLE "gift_plan" ADD CONSTRAINT "gift_plan_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_plan" ADD CONSTRAINT "gift_plan_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_plan" ADD CONSTRAINT "gift_plan_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_record" ADD CONSTRAINT "gift_record_plan_id_gift_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."gift_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_record" ADD CONSTRAINT "gift_record_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_record" ADD CONSTRAINT "gift_record_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_record" ADD CONSTRAINT "gift_record_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_record" ADD CONSTRAINT "gift_record_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_plan_created_idx" ON "gift_plan" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gift_plan_active_idx" ON "gift_plan" USING btree ("status","trigger","start_day","end_day");--> statement-breakpoint
CREATE INDEX "gift_record_plan_idx" ON "gift_record" USING btree ("plan_id","at");--> statement-breakpoint
CREATE INDEX "gift_record_at_idx" ON "gift_record" USING btree ("at");--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_source_chk" CHECK ("coupon_issue"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift'));--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" ADD CONSTRAINT "coupon_issue_failure_source_chk" CHECK ("coupon_issue_failure"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift'));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_source_chk" CHECK ("member_coupon"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift'));