CREATE TABLE "card_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_card_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"bonus_amount" integer DEFAULT 0 NOT NULL,
	"balance_after" integer,
	"bonus_after" integer,
	"project_id" integer,
	"sessions" integer,
	"sessions_after" integer,
	"ref_type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"store_id" integer NOT NULL,
	"created_by" integer,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_ledger_ref_uq" UNIQUE("ref_type","ref_id","seq"),
	CONSTRAINT "card_ledger_kind_chk" CHECK ("card_ledger"."kind" in ('open', 'topUp', 'consume', 'refund', 'adjust')),
	CONSTRAINT "card_ledger_after_chk" CHECK (coalesce("card_ledger"."balance_after", 0) >= 0 and coalesce("card_ledger"."bonus_after", 0) >= 0 and coalesce("card_ledger"."sessions_after", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_top_up" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_top_up_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"top_up_no" text GENERATED ALWAYS AS ('CZ' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"member_card_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"topped_up_at" timestamp with time zone NOT NULL,
	"request_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_top_up_no_uq" UNIQUE("top_up_no"),
	CONSTRAINT "card_top_up_request_uq" UNIQUE("request_key"),
	CONSTRAINT "card_top_up_amount_chk" CHECK ("card_top_up"."amount" > 0 and "card_top_up"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('HY' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"area_code" text DEFAULT '0086' NOT NULL,
	"phone" text NOT NULL,
	"gender_id" integer,
	"level_id" integer,
	"source_id" integer,
	"birthday" date,
	"store_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_code_uq" UNIQUE("code"),
	CONSTRAINT "member_phone_uq" UNIQUE("phone"),
	CONSTRAINT "member_status_chk" CHECK ("member"."status" in ('normal', 'frozen'))
);
--> statement-breakpoint
CREATE TABLE "member_card" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_no" text GENERATED ALWAYS AS ('KH' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"store_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paid" integer NOT NULL,
	"balance" integer,
	"bonus_balance" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_card_no_uq" UNIQUE("card_no"),
	CONSTRAINT "member_card_kind_chk" CHECK ("member_card"."kind" in ('combo', 'stored')),
	CONSTRAINT "member_card_status_chk" CHECK ("member_card"."status" in ('active', 'frozen')),
	CONSTRAINT "member_card_balance_chk" CHECK (("member_card"."kind" = 'stored' and "member_card"."balance" >= 0 and "member_card"."bonus_balance" >= 0) or ("member_card"."kind" = 'combo' and "member_card"."balance" is null and "member_card"."bonus_balance" is null)),
	CONSTRAINT "member_card_paid_chk" CHECK ("member_card"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_card_session" (
	"member_card_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"total" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "member_card_session_member_card_id_project_id_pk" PRIMARY KEY("member_card_id","project_id"),
	CONSTRAINT "member_card_session_chk" CHECK ("member_card_session"."remaining" >= 0 and "member_card_session"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_consume" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_consume_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bill_no" text GENERATED ALWAYS AS ('XF' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer,
	"consumed_at" timestamp with time zone NOT NULL,
	"total" integer NOT NULL,
	"paid_by_card" integer NOT NULL,
	"paid_other" integer NOT NULL,
	"remark" text,
	"request_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_consume_bill_uq" UNIQUE("bill_no"),
	CONSTRAINT "member_consume_request_uq" UNIQUE("request_key"),
	CONSTRAINT "member_consume_money_chk" CHECK ("member_consume"."paid_by_card" >= 0 and "member_consume"."paid_other" >= 0 and "member_consume"."total" = "member_consume"."paid_by_card" + "member_consume"."paid_other")
);
--> statement-breakpoint
CREATE TABLE "member_consume_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_consume_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consume_id" integer NOT NULL,
	"line" integer NOT NULL,
	"item_kind" text NOT NULL,
	"project_id" integer,
	"product_id" integer,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"member_card_id" integer,
	"sessions" integer,
	"card_amount" integer DEFAULT 0 NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_consume_line_uq" UNIQUE("consume_id","line"),
	CONSTRAINT "member_consume_line_item_chk" CHECK (("member_consume_line"."item_kind" = 'project' and "member_consume_line"."project_id" is not null and "member_consume_line"."product_id" is null) or ("member_consume_line"."item_kind" = 'product' and "member_consume_line"."product_id" is not null and "member_consume_line"."project_id" is null)),
	CONSTRAINT "member_consume_line_money_chk" CHECK ("member_consume_line"."quantity" > 0 and "member_consume_line"."unit_price" >= 0 and "member_consume_line"."amount" = "member_consume_line"."quantity" * "member_consume_line"."unit_price" and "member_consume_line"."card_amount" >= 0 and "member_consume_line"."card_amount" <= "member_consume_line"."amount")
);
--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_up" ADD CONSTRAINT "card_top_up_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_up" ADD CONSTRAINT "card_top_up_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_top_up" ADD CONSTRAINT "card_top_up_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_gender_id_master_item_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_level_id_master_item_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_source_id_master_item_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card_session" ADD CONSTRAINT "member_card_session_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card_session" ADD CONSTRAINT "member_card_session_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_ledger_card_idx" ON "card_ledger" USING btree ("member_card_id","id");--> statement-breakpoint
CREATE INDEX "card_ledger_member_idx" ON "card_ledger" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "card_top_up_card_idx" ON "card_top_up" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "member_store_idx" ON "member" USING btree ("store_id","joined_at");--> statement-breakpoint
CREATE INDEX "member_joined_idx" ON "member" USING btree ("joined_at","id");--> statement-breakpoint
CREATE INDEX "member_name_idx" ON "member" USING btree ("name");--> statement-breakpoint
CREATE INDEX "member_card_member_idx" ON "member_card" USING btree ("member_id","opened_at");--> statement-breakpoint
CREATE INDEX "member_card_card_idx" ON "member_card" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "member_card_store_idx" ON "member_card" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "member_card_session_project_idx" ON "member_card_session" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "member_consume_member_idx" ON "member_consume" USING btree ("member_id","consumed_at","id");--> statement-breakpoint
CREATE INDEX "member_consume_store_idx" ON "member_consume" USING btree ("store_id","consumed_at");--> statement-breakpoint
CREATE INDEX "member_consume_line_card_idx" ON "member_consume_line" USING btree ("member_card_id");