CREATE TABLE "intent_config" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"amount_mode" text DEFAULT 'fixed' NOT NULL,
	"fixed_amounts" integer[] DEFAULT '{}'::int[] NOT NULL,
	"min_amount" integer,
	"max_amount" integer,
	"validity_days" integer NOT NULL,
	"refundable" boolean DEFAULT true NOT NULL,
	"refund_by" text DEFAULT 'hq' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intent_config_mode_chk" CHECK ("intent_config"."amount_mode" in ('fixed', 'range')),
	CONSTRAINT "intent_config_refund_by_chk" CHECK ("intent_config"."refund_by" in ('hq', 'store')),
	CONSTRAINT "intent_config_days_chk" CHECK ("intent_config"."validity_days" > 0),
	CONSTRAINT "intent_config_range_chk" CHECK (("intent_config"."min_amount" is null or "intent_config"."min_amount" > 0) and ("intent_config"."max_amount" is null or "intent_config"."min_amount" is null or "intent_config"."max_amount" >= "intent_config"."min_amount"))
);
--> statement-breakpoint
CREATE TABLE "intent_deposit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intent_deposit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deposit_no" text GENERATED ALWAYS AS ('YX' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"pay_method" text NOT NULL,
	"trade_no" text,
	"source" text NOT NULL,
	"client_id" integer,
	"outer_no" text,
	"paid_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"consume_id" integer,
	"member_card_id" integer,
	"used_at" timestamp with time zone,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intent_deposit_no_uq" UNIQUE("deposit_no"),
	CONSTRAINT "intent_deposit_outer_uq" UNIQUE("client_id","outer_no"),
	CONSTRAINT "intent_deposit_amount_chk" CHECK ("intent_deposit"."amount" > 0),
	CONSTRAINT "intent_deposit_method_chk" CHECK ("intent_deposit"."pay_method" in ('wechat', 'alipay', 'cash', 'bankCard')),
	CONSTRAINT "intent_deposit_source_chk" CHECK ("intent_deposit"."source" in ('pos', 'mini', 'console')),
	CONSTRAINT "intent_deposit_status_chk" CHECK ("intent_deposit"."status" in ('paid', 'used', 'refunding', 'refunded', 'expired')),
	CONSTRAINT "intent_deposit_used_chk" CHECK (("intent_deposit"."status" = 'used') = ("intent_deposit"."consume_id" is not null)),
	CONSTRAINT "intent_deposit_expiry_chk" CHECK ("intent_deposit"."expires_at" > "intent_deposit"."paid_at")
);
--> statement-breakpoint
CREATE TABLE "intent_refund" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intent_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_no" text GENERATED ALWAYS AS ('YT' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"deposit_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"refund_trade_no" text,
	"executed_by" integer,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "intent_refund_no_uq" UNIQUE("refund_no"),
	CONSTRAINT "intent_refund_status_chk" CHECK ("intent_refund"."status" in ('pending', 'approved', 'rejected', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "intent_config" ADD CONSTRAINT "intent_config_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_config" ADD CONSTRAINT "intent_config_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_deposit" ADD CONSTRAINT "intent_deposit_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_deposit" ADD CONSTRAINT "intent_deposit_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_deposit" ADD CONSTRAINT "intent_deposit_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_deposit" ADD CONSTRAINT "intent_deposit_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_deposit" ADD CONSTRAINT "intent_deposit_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_refund" ADD CONSTRAINT "intent_refund_deposit_id_intent_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."intent_deposit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_refund" ADD CONSTRAINT "intent_refund_applied_by_user_account_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_refund" ADD CONSTRAINT "intent_refund_decided_by_user_account_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_refund" ADD CONSTRAINT "intent_refund_executed_by_user_account_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intent_deposit_consume_uq" ON "intent_deposit" USING btree ("consume_id") WHERE "intent_deposit"."consume_id" is not null;--> statement-breakpoint
CREATE INDEX "intent_deposit_store_idx" ON "intent_deposit" USING btree ("store_id","paid_at");--> statement-breakpoint
CREATE INDEX "intent_deposit_member_idx" ON "intent_deposit" USING btree ("member_id","paid_at");--> statement-breakpoint
CREATE INDEX "intent_deposit_paid_idx" ON "intent_deposit" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "intent_deposit_expiry_idx" ON "intent_deposit" USING btree ("expires_at") WHERE "intent_deposit"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "intent_refund_live_uq" ON "intent_refund" USING btree ("deposit_id") WHERE "intent_refund"."status" in ('pending', 'approved', 'refunded');--> statement-breakpoint
CREATE INDEX "intent_refund_applied_idx" ON "intent_refund" USING btree ("applied_at","id");