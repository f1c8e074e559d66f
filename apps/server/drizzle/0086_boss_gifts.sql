CREATE TABLE "boss_gift_act" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boss_gift_act_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('LB' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"store_budget" integer NOT NULL,
	"per_member_max" integer DEFAULT 3 NOT NULL,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"store_codes" text,
	CONSTRAINT "boss_gift_act_code_uq" UNIQUE("code"),
	CONSTRAINT "boss_gift_act_status_chk" CHECK ("boss_gift_act"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "boss_gift_act_scope_chk" CHECK ("boss_gift_act"."store_scope" in ('all', 'chosen')),
	CONSTRAINT "boss_gift_act_amounts_chk" CHECK ("boss_gift_act"."store_budget" > 0 and "boss_gift_act"."per_member_max" > 0 and "boss_gift_act"."end_day" >= "boss_gift_act"."start_day")
);
--> statement-breakpoint
CREATE TABLE "boss_gift_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boss_gift_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"line" integer NOT NULL,
	"coupon_template_id" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "boss_gift_item_uq" UNIQUE("act_id","coupon_template_id"),
	CONSTRAINT "boss_gift_item_value_chk" CHECK ("boss_gift_item"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "boss_gift_record" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boss_gift_record_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"coupon_template_id" integer NOT NULL,
	"count" integer NOT NULL,
	"value" integer NOT NULL,
	"issue_ids" integer[] NOT NULL,
	"given_by" integer,
	"remark" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boss_gift_record_amounts_chk" CHECK ("boss_gift_record"."count" > 0 and "boss_gift_record"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "boss_gift_act" ADD CONSTRAINT "boss_gift_act_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_act" ADD CONSTRAINT "boss_gift_act_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_item" ADD CONSTRAINT "boss_gift_item_act_id_boss_gift_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."boss_gift_act"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_item" ADD CONSTRAINT "boss_gift_item_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_record" ADD CONSTRAINT "boss_gift_record_act_id_boss_gift_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."boss_gift_act"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_record" ADD CONSTRAINT "boss_gift_record_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_record" ADD CONSTRAINT "boss_gift_record_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_record" ADD CONSTRAINT "boss_gift_record_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boss_gift_record" ADD CONSTRAINT "boss_gift_record_given_by_user_account_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boss_gift_act_created_idx" ON "boss_gift_act" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "boss_gift_record_act_store_idx" ON "boss_gift_record" USING btree ("act_id","store_id");--> statement-breakpoint
CREATE INDEX "boss_gift_record_member_idx" ON "boss_gift_record" USING btree ("member_id","act_id");--> statement-breakpoint
CREATE INDEX "boss_gift_record_at_idx" ON "boss_gift_record" USING btree ("at");