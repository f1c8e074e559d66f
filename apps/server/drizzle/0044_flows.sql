CREATE TABLE "payment_refund" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_no" text GENERATED ALWAYS AS ('TK' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"trade_no" text,
	"refund_trade_no" text,
	"refunded_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	CONSTRAINT "payment_refund_no_uq" UNIQUE("refund_no"),
	CONSTRAINT "payment_refund_ref_uq" UNIQUE("kind","ref_id","method"),
	CONSTRAINT "payment_refund_kind_chk" CHECK ("payment_refund"."kind" in ('intentRefund', 'mallReturn')),
	CONSTRAINT "payment_refund_method_chk" CHECK ("payment_refund"."method" in ('wechat', 'alipay', 'cash', 'bankCard')),
	CONSTRAINT "payment_refund_amount_chk" CHECK ("payment_refund"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_payment" DROP CONSTRAINT "bill_payment_method_chk";--> statement-breakpoint
DROP INDEX "intent_deposit_consume_uq";--> statement-breakpoint
DROP INDEX "approval_one_pending_uq";--> statement-breakpoint
ALTER TABLE "intent_config" ADD COLUMN "cross_store" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "intent_refund" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refund_store_idx" ON "payment_refund" USING btree ("store_id","refunded_at");--> statement-breakpoint
CREATE INDEX "payment_refund_at_idx" ON "payment_refund" USING btree ("refunded_at","id");--> statement-breakpoint
ALTER TABLE "intent_refund" ADD CONSTRAINT "intent_refund_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intent_deposit_consume_idx" ON "intent_deposit" USING btree ("consume_id") WHERE "intent_deposit"."consume_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "intent_refund_approval_uq" ON "intent_refund" USING btree ("approval_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_one_pending_uq" ON "approval" USING btree ("applicant_id","type") WHERE "approval"."status" = 'pending' and "approval"."type" = 'bossAuthority';--> statement-breakpoint
ALTER TABLE "bill_payment" ADD CONSTRAINT "bill_payment_method_chk" CHECK ("bill_payment"."method" in ('cash', 'wechat', 'alipay', 'bankCard', 'storedCard', 'comboCard', 'signBill', 'intentDeposit'));