CREATE TABLE "act_coupon_allot" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "act_coupon_allot_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"code_from" text NOT NULL,
	"code_to" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "act_coupon_batch" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "act_coupon_batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_no" text GENERATED ALWAYS AS ('HD' || lpad(id::text, 5, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"template_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "act_coupon_batch_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "act_coupon_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "act_coupon_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"pin" text NOT NULL,
	"allot_id" integer,
	"store_id" integer,
	"member_id" integer,
	"coupon_id" integer,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "act_coupon_code_uq" UNIQUE("code"),
	CONSTRAINT "act_coupon_code_seq_uq" UNIQUE("batch_id","seq")
);
--> statement-breakpoint
ALTER TABLE "coupon_issue" DROP CONSTRAINT "coupon_issue_source_chk";--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" DROP CONSTRAINT "coupon_issue_failure_source_chk";--> statement-breakpoint
ALTER TABLE "member_coupon" DROP CONSTRAINT "member_coupon_source_chk";--> statement-breakpoint
ALTER TABLE "act_coupon_allot" ADD CONSTRAINT "act_coupon_allot_batch_id_act_coupon_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."act_coupon_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_allot" ADD CONSTRAINT "act_coupon_allot_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_allot" ADD CONSTRAINT "act_coupon_allot_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_batch" ADD CONSTRAINT "act_coupon_batch_template_id_coupon_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_batch" ADD CONSTRAINT "act_coupon_batch_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_code" ADD CONSTRAINT "act_coupon_code_batch_id_act_coupon_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."act_coupon_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_code" ADD CONSTRAINT "act_coupon_code_allot_id_act_coupon_allot_id_fk" FOREIGN KEY ("allot_id") REFERENCES "public"."act_coupon_allot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_code" ADD CONSTRAINT "act_coupon_code_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_code" ADD CONSTRAINT "act_coupon_code_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "act_coupon_code" ADD CONSTRAINT "act_coupon_code_coupon_id_member_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."member_coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_coupon_allot_batch_idx" ON "act_coupon_allot" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "act_coupon_allot_store_idx" ON "act_coupon_allot" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "act_coupon_code_allot_idx" ON "act_coupon_code" USING btree ("allot_id");--> statement-breakpoint
CREATE INDEX "act_coupon_code_store_idx" ON "act_coupon_code" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_source_chk" CHECK ("coupon_issue"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity'));--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" ADD CONSTRAINT "coupon_issue_failure_source_chk" CHECK ("coupon_issue_failure"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity'));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_source_chk" CHECK ("member_coupon"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity'));