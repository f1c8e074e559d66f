CREATE TABLE "abnormal_bill" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abnormal_bill_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consume_id" integer NOT NULL,
	"rule" text NOT NULL,
	"reason" text NOT NULL,
	"store_id" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"handle_note" text,
	"supplement_consume_id" integer,
	CONSTRAINT "abnormal_bill_rule_uq" UNIQUE("consume_id","rule"),
	CONSTRAINT "abnormal_bill_rule_chk" CHECK ("abnormal_bill"."rule" in ('duplicate', 'outsideHours', 'overLimit', 'refundAfterTopUp', 'paymentsMismatch')),
	CONSTRAINT "abnormal_bill_status_chk" CHECK ("abnormal_bill"."status" in ('pending', 'confirmed', 'reversed', 'supplemented'))
);
--> statement-breakpoint
CREATE TABLE "abnormal_scan_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "member_consume" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "abnormal_bill" ADD CONSTRAINT "abnormal_bill_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_bill" ADD CONSTRAINT "abnormal_bill_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_bill" ADD CONSTRAINT "abnormal_bill_handled_by_user_account_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_bill" ADD CONSTRAINT "abnormal_bill_supplement_consume_id_member_consume_id_fk" FOREIGN KEY ("supplement_consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abnormal_bill_detected_idx" ON "abnormal_bill" USING btree ("detected_at","id");--> statement-breakpoint
CREATE INDEX "abnormal_bill_store_idx" ON "abnormal_bill" USING btree ("store_id","detected_at");--> statement-breakpoint
CREATE INDEX "member_consume_closed_idx" ON "member_consume" USING btree ("closed_at") WHERE "member_consume"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "member_consume_staff_idx" ON "member_consume" USING btree ("staff_id","consumed_at") WHERE "member_consume"."staff_id" is not null;