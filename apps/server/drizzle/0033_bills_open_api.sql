CREATE TABLE "bill_payment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consume_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"member_card_id" integer,
	"trade_no" text,
	"signer_staff_id" integer,
	"refunded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_payment_seq_uq" UNIQUE("consume_id","seq"),
	CONSTRAINT "bill_payment_method_chk" CHECK ("bill_payment"."method" in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill')),
	CONSTRAINT "bill_payment_amount_chk" CHECK ("bill_payment"."amount" > 0 and "bill_payment"."refunded" >= 0 and "bill_payment"."refunded" <= "bill_payment"."amount"),
	CONSTRAINT "bill_payment_card_chk" CHECK (("bill_payment"."method" in ('storedCard', 'comboCard')) = ("bill_payment"."member_card_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "bill_share" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_share_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consume_id" integer NOT NULL,
	"line" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"performance" integer DEFAULT 0 NOT NULL,
	"commission" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bill_share_uq" UNIQUE("consume_id","line","staff_id"),
	CONSTRAINT "bill_share_money_chk" CHECK ("bill_share"."performance" >= 0 and "bill_share"."commission" >= 0)
);
--> statement-breakpoint
CREATE TABLE "open_client" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"pos_terminal_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "open_client_key_uq" UNIQUE("app_key"),
	CONSTRAINT "open_client_kind_chk" CHECK ("open_client"."kind" in ('pos', 'mini')),
	CONSTRAINT "open_client_status_chk" CHECK ("open_client"."status" in ('active', 'revoked')),
	CONSTRAINT "open_client_terminal_chk" CHECK (("open_client"."kind" = 'pos') = ("open_client"."pos_terminal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "open_nonce" (
	"client_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_nonce_client_id_nonce_pk" PRIMARY KEY("client_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "flow_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow" text NOT NULL,
	"record_id" integer NOT NULL,
	"step" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_kind" text NOT NULL,
	"user_id" integer,
	"client_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_consume_line" DROP CONSTRAINT "member_consume_line_item_chk";--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "kind" text DEFAULT 'consume' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "status" text DEFAULT 'completed' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "source" text DEFAULT 'pos' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "outer_no" text;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD COLUMN "card_id" integer;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD COLUMN "top_up_id" integer;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_payment" ADD CONSTRAINT "bill_payment_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment" ADD CONSTRAINT "bill_payment_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment" ADD CONSTRAINT "bill_payment_signer_staff_id_staff_id_fk" FOREIGN KEY ("signer_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_share" ADD CONSTRAINT "bill_share_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_share" ADD CONSTRAINT "bill_share_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_client" ADD CONSTRAINT "open_client_pos_terminal_id_pos_terminal_id_fk" FOREIGN KEY ("pos_terminal_id") REFERENCES "public"."pos_terminal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_client" ADD CONSTRAINT "open_client_issued_by_user_account_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_nonce" ADD CONSTRAINT "open_nonce_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payment_method_idx" ON "bill_payment" USING btree ("method","consume_id");--> statement-breakpoint
CREATE INDEX "bill_payment_signer_idx" ON "bill_payment" USING btree ("signer_staff_id") WHERE "bill_payment"."signer_staff_id" is not null;--> statement-breakpoint
CREATE INDEX "bill_share_staff_idx" ON "bill_share" USING btree ("staff_id","consume_id");--> statement-breakpoint
CREATE INDEX "open_client_terminal_idx" ON "open_client" USING btree ("pos_terminal_id");--> statement-breakpoint
CREATE INDEX "open_nonce_at_idx" ON "open_nonce" USING btree ("at");--> statement-breakpoint
CREATE INDEX "flow_event_record_idx" ON "flow_event" USING btree ("flow","record_id","id");--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_top_up_id_card_top_up_id_fk" FOREIGN KEY ("top_up_id") REFERENCES "public"."card_top_up"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_outer_uq" UNIQUE("client_id","outer_no");--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_refunded_chk" CHECK ("member_consume"."refunded" >= 0 and "member_consume"."refunded" <= "member_consume"."total");--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_kind_chk" CHECK ("member_consume"."kind" in ('consume', 'openCard', 'topUp', 'retail', 'mixed'));--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_status_chk" CHECK ("member_consume"."status" in ('completed', 'closed'));--> statement-breakpoint
ALTER TABLE "member_consume" ADD CONSTRAINT "member_consume_source_chk" CHECK ("member_consume"."source" in ('pos', 'mini', 'console', 'import'));--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_refunded_chk" CHECK ("member_consume_line"."refunded" >= 0 and "member_consume_line"."refunded" <= "member_consume_line"."amount");--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_item_chk" CHECK (("member_consume_line"."item_kind" = 'project' and "member_consume_line"."project_id" is not null and "member_consume_line"."product_id" is null and "member_consume_line"."card_id" is null) or ("member_consume_line"."item_kind" = 'product' and "member_consume_line"."product_id" is not null and "member_consume_line"."project_id" is null and "member_consume_line"."card_id" is null) or ("member_consume_line"."item_kind" = 'cardSale' and "member_consume_line"."card_id" is not null and "member_consume_line"."project_id" is null and "member_consume_line"."product_id" is null) or ("member_consume_line"."item_kind" = 'topUp' and "member_consume_line"."member_card_id" is not null and "member_consume_line"."project_id" is null and "member_consume_line"."product_id" is null and "member_consume_line"."card_id" is null));