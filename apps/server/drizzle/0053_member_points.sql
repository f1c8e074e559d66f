CREATE TABLE "member_points" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"expired" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_points_balance_chk" CHECK ("member_points"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_exchange" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_exchange_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"exchange_no" text GENERATED ALWAYS AS ('DH' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_points" integer NOT NULL,
	"points" integer NOT NULL,
	"remark" text,
	"request_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_exchange_no_uq" UNIQUE("exchange_no"),
	CONSTRAINT "points_exchange_request_uq" UNIQUE("request_key"),
	CONSTRAINT "points_exchange_points_chk" CHECK ("points_exchange"."quantity" > 0 and "points_exchange"."unit_points" > 0 and "points_exchange"."points" = "points_exchange"."quantity" * "points_exchange"."unit_points")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"store_id" integer,
	"remark" text,
	"created_by" integer,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_ref_uq" UNIQUE("ref_type","ref_id","member_id"),
	CONSTRAINT "points_ledger_kind_chk" CHECK ("points_ledger"."kind" in ('earn', 'refund', 'exchange', 'expire')),
	CONSTRAINT "points_ledger_after_chk" CHECK ("points_ledger"."balance_after" >= 0 and "points_ledger"."points" <> 0)
);
--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange" ADD CONSTRAINT "points_exchange_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange" ADD CONSTRAINT "points_exchange_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange" ADD CONSTRAINT "points_exchange_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_exchange_member_idx" ON "points_exchange" USING btree ("member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_ledger_member_idx" ON "points_ledger" USING btree ("member_id","at","id");