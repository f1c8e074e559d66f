CREATE TABLE "refund" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"refund_no" text GENERATED ALWAYS AS ('TK' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"consume_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"amount" integer NOT NULL,
	"to_cards" integer DEFAULT 0 NOT NULL,
	"outside" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"client_id" integer,
	"outer_no" text,
	"applicant_id" integer,
	"approval_id" integer,
	"executed_by" integer,
	"executed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_no_uq" UNIQUE("refund_no"),
	CONSTRAINT "refund_outer_uq" UNIQUE("client_id","outer_no"),
	CONSTRAINT "refund_status_chk" CHECK ("refund"."status" in ('applied', 'approved', 'rejected', 'executed')),
	CONSTRAINT "refund_source_chk" CHECK ("refund"."source" in ('open', 'console')),
	CONSTRAINT "refund_money_chk" CHECK ("refund"."amount" >= 0 and "refund"."to_cards" >= 0 and "refund"."outside" >= 0 and ("refund"."status" <> 'executed' or "refund"."to_cards" + "refund"."outside" = "refund"."amount"))
);
--> statement-breakpoint
CREATE TABLE "refund_line" (
	"refund_id" integer NOT NULL,
	"line" integer NOT NULL,
	"amount" integer NOT NULL,
	"sessions" integer,
	CONSTRAINT "refund_line_refund_id_line_pk" PRIMARY KEY("refund_id","line"),
	CONSTRAINT "refund_line_chk" CHECK ("refund_line"."amount" >= 0 and coalesce("refund_line"."sessions", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_payment" (
	"refund_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refund_payment_refund_id_seq_pk" PRIMARY KEY("refund_id","seq"),
	CONSTRAINT "refund_payment_chk" CHECK ("refund_payment"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "approval" ALTER COLUMN "applicant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD COLUMN "refunded_sessions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_applicant_id_user_account_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_executed_by_user_account_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_line" ADD CONSTRAINT "refund_line_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_payment" ADD CONSTRAINT "refund_payment_refund_id_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refund"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_created_idx" ON "refund" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refund_store_idx" ON "refund" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_consume_idx" ON "refund" USING btree ("consume_id");--> statement-breakpoint
CREATE INDEX "refund_approval_idx" ON "refund" USING btree ("approval_id");--> statement-breakpoint
ALTER TABLE "member_consume_line" ADD CONSTRAINT "member_consume_line_refunded_sessions_chk" CHECK ("member_consume_line"."refunded_sessions" >= 0 and "member_consume_line"."refunded_sessions" <= coalesce("member_consume_line"."sessions", 0));