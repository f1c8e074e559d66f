CREATE TABLE "eas_store" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eas_store_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"company_code" text NOT NULL,
	"royalty_rate" integer DEFAULT 0 NOT NULL,
	"deep_coop" boolean DEFAULT false NOT NULL,
	"share_rate" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eas_store_store_uq" UNIQUE("store_id"),
	CONSTRAINT "eas_store_rates_chk" CHECK ("eas_store"."royalty_rate" between 0 and 10000 and "eas_store"."share_rate" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "eas_subject" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eas_subject_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fee_type" text NOT NULL,
	"subject_code" text NOT NULL,
	"subject_name" text NOT NULL,
	"direction" text NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eas_subject_fee_type_uq" UNIQUE("fee_type"),
	CONSTRAINT "eas_subject_fee_type_chk" CHECK ("eas_subject"."fee_type" in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill', 'intentDeposit', 'otherPay', 'project', 'product', 'cardSale', 'topUp', 'refund', 'refundPaid', 'refundToCard')),
	CONSTRAINT "eas_subject_direction_chk" CHECK ("eas_subject"."direction" in ('debit', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "erp_voucher" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_voucher_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_no" text NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"company_code" text,
	"status" text NOT NULL,
	"debit_total" bigint DEFAULT 0 NOT NULL,
	"credit_total" bigint DEFAULT 0 NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"bill_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"source" text NOT NULL,
	"made_by" integer,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_voucher_store_day_uq" UNIQUE("store_id","day"),
	CONSTRAINT "erp_voucher_status_chk" CHECK ("erp_voucher"."status" in ('made', 'failed')),
	CONSTRAINT "erp_voucher_source_chk" CHECK ("erp_voucher"."source" in ('job', 'manual')),
	CONSTRAINT "erp_voucher_balanced_chk" CHECK ("erp_voucher"."status" <> 'made' or "erp_voucher"."debit_total" = "erp_voucher"."credit_total")
);
--> statement-breakpoint
CREATE TABLE "erp_voucher_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_voucher_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"fee_type" text NOT NULL,
	"subject_code" text NOT NULL,
	"subject_name" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"bill_count" integer NOT NULL,
	CONSTRAINT "erp_voucher_line_seq_uq" UNIQUE("voucher_id","seq"),
	CONSTRAINT "erp_voucher_line_fee_type_chk" CHECK ("erp_voucher_line"."fee_type" in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill', 'intentDeposit', 'otherPay', 'project', 'product', 'cardSale', 'topUp', 'refund', 'refundPaid', 'refundToCard')),
	CONSTRAINT "erp_voucher_line_direction_chk" CHECK ("erp_voucher_line"."direction" in ('debit', 'credit')),
	CONSTRAINT "erp_voucher_line_amount_chk" CHECK ("erp_voucher_line"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "erp_voucher_line_bill" (
	"line_id" integer NOT NULL,
	"consume_id" integer NOT NULL,
	"refund_id" integer,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_voucher_watermark" (
	"name" text PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eas_store" ADD CONSTRAINT "eas_store_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_voucher" ADD CONSTRAINT "erp_voucher_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_voucher_line" ADD CONSTRAINT "erp_voucher_line_voucher_id_erp_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."erp_voucher"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_voucher_line_bill" ADD CONSTRAINT "erp_voucher_line_bill_line_id_erp_voucher_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."erp_voucher_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_voucher_line_bill" ADD CONSTRAINT "erp_voucher_line_bill_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_voucher_line_bill" ADD CONSTRAINT "erp_voucher_line_bill_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_voucher_day_idx" ON "erp_voucher" USING btree ("day","store_id");--> statement-breakpoint
CREATE INDEX "erp_voucher_line_day_idx" ON "erp_voucher_line" USING btree ("day","store_id");--> statement-breakpoint
CREATE INDEX "erp_voucher_line_bill_line_idx" ON "erp_voucher_line_bill" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "erp_voucher_line_bill_consume_idx" ON "erp_voucher_line_bill" USING btree ("consume_id");