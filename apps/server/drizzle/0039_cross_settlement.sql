CREATE TABLE "bank_receipt" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_receipt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"received_on" date NOT NULL,
	"bank_serial" text NOT NULL,
	"amount" integer NOT NULL,
	"payer_store_id" integer NOT NULL,
	"account" text NOT NULL,
	"note" text,
	"matched_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_receipt_serial_uq" UNIQUE("bank_serial"),
	CONSTRAINT "bank_receipt_amount_chk" CHECK ("bank_receipt"."amount" > 0 and "bank_receipt"."matched_amount" >= 0 and "bank_receipt"."matched_amount" <= "bank_receipt"."amount")
);
--> statement-breakpoint
CREATE TABLE "bank_receipt_match" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_receipt_match_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"matched_by" integer,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_receipt_match_amount_chk" CHECK ("bank_receipt_match"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_id" integer NOT NULL,
	"consume_line_id" integer NOT NULL,
	"consume_id" integer NOT NULL,
	"member_card_id" integer NOT NULL,
	"served" integer NOT NULL,
	"deducted" integer NOT NULL,
	"rule_id" integer,
	"rate" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "settlement_line_draw_uq" UNIQUE("consume_line_id"),
	CONSTRAINT "settlement_line_money_chk" CHECK ("settlement_line"."deducted" >= 0 and "settlement_line"."deducted" <= "settlement_line"."served")
);
--> statement-breakpoint
CREATE TABLE "settlement_rule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issuing_store_id" integer,
	"serving_store_id" integer,
	"card_kind" text,
	"rate" integer NOT NULL,
	"effective_month" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_rule_card_kind_chk" CHECK ("settlement_rule"."card_kind" in ('combo', 'stored')),
	CONSTRAINT "settlement_rule_rate_chk" CHECK ("settlement_rule"."rate" between 0 and 10000),
	CONSTRAINT "settlement_rule_month_chk" CHECK ("settlement_rule"."effective_month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "settlement_statement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_statement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_no" text GENERATED ALWAYS AS ('JS' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"month" text NOT NULL,
	"issuing_store_id" integer NOT NULL,
	"serving_store_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"line_count" integer NOT NULL,
	"served" bigint NOT NULL,
	"deducted" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"matched" bigint DEFAULT 0 NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_by" integer,
	CONSTRAINT "settlement_statement_pair_uq" UNIQUE("month","issuing_store_id","serving_store_id"),
	CONSTRAINT "settlement_statement_status_chk" CHECK ("settlement_statement"."status" in ('pending', 'confirmed', 'settled', 'rejected')),
	CONSTRAINT "settlement_statement_pair_chk" CHECK ("settlement_statement"."issuing_store_id" <> "settlement_statement"."serving_store_id"),
	CONSTRAINT "settlement_statement_matched_chk" CHECK ("settlement_statement"."matched" >= 0 and "settlement_statement"."matched" <= "settlement_statement"."amount")
);
--> statement-breakpoint
ALTER TABLE "bank_receipt" ADD CONSTRAINT "bank_receipt_payer_store_id_store_id_fk" FOREIGN KEY ("payer_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipt_match" ADD CONSTRAINT "bank_receipt_match_receipt_id_bank_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."bank_receipt"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipt_match" ADD CONSTRAINT "bank_receipt_match_statement_id_settlement_statement_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."settlement_statement"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipt_match" ADD CONSTRAINT "bank_receipt_match_matched_by_user_account_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_line" ADD CONSTRAINT "settlement_line_statement_id_settlement_statement_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."settlement_statement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_line" ADD CONSTRAINT "settlement_line_consume_line_id_member_consume_line_id_fk" FOREIGN KEY ("consume_line_id") REFERENCES "public"."member_consume_line"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_line" ADD CONSTRAINT "settlement_line_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_line" ADD CONSTRAINT "settlement_line_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_line" ADD CONSTRAINT "settlement_line_rule_id_settlement_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."settlement_rule"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_rule" ADD CONSTRAINT "settlement_rule_issuing_store_id_store_id_fk" FOREIGN KEY ("issuing_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_rule" ADD CONSTRAINT "settlement_rule_serving_store_id_store_id_fk" FOREIGN KEY ("serving_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statement" ADD CONSTRAINT "settlement_statement_issuing_store_id_store_id_fk" FOREIGN KEY ("issuing_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statement" ADD CONSTRAINT "settlement_statement_serving_store_id_store_id_fk" FOREIGN KEY ("serving_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statement" ADD CONSTRAINT "settlement_statement_generated_by_user_account_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_receipt_payer_idx" ON "bank_receipt" USING btree ("payer_store_id");--> statement-breakpoint
CREATE INDEX "bank_receipt_match_receipt_idx" ON "bank_receipt_match" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "bank_receipt_match_statement_idx" ON "bank_receipt_match" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "settlement_line_statement_idx" ON "settlement_line" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_rule_scope_uq" ON "settlement_rule" USING btree (coalesce("issuing_store_id", 0),coalesce("serving_store_id", 0),coalesce("card_kind", ''),"effective_month");--> statement-breakpoint
CREATE INDEX "settlement_statement_serving_idx" ON "settlement_statement" USING btree ("serving_store_id","month");