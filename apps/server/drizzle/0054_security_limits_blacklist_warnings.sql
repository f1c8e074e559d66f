CREATE TABLE "security_blacklist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_blacklist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"member_id" integer,
	"reason" text NOT NULL,
	"expires_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_blacklist_uq" UNIQUE("kind","value"),
	CONSTRAINT "security_blacklist_kind_chk" CHECK ("security_blacklist"."kind" in ('member', 'phone', 'device')),
	CONSTRAINT "security_blacklist_member_chk" CHECK (("security_blacklist"."kind" = 'member') = ("security_blacklist"."member_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "security_scan_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_warning" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_warning_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"member_card_id" integer,
	"day" date NOT NULL,
	"summary" text NOT NULL,
	"ledger_ids" jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"close_note" text,
	CONSTRAINT "security_warning_key_uq" UNIQUE("key"),
	CONSTRAINT "security_warning_rule_chk" CHECK ("security_warning"."rule" in ('manyStores', 'bigDraw', 'refundAfterTopUp', 'phoneCards')),
	CONSTRAINT "security_warning_status_chk" CHECK ("security_warning"."status" in ('open', 'assigned', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "use_card_limit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "use_card_limit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"store_id" integer,
	"card_id" integer,
	"max_draws" integer,
	"max_amount" integer,
	"max_stores" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "use_card_limit_target_uq" UNIQUE NULLS NOT DISTINCT("scope","store_id","card_id"),
	CONSTRAINT "use_card_limit_scope_chk" CHECK ("use_card_limit"."scope" in ('chain', 'store', 'card')),
	CONSTRAINT "use_card_limit_target_chk" CHECK (("use_card_limit"."scope" = 'chain' and "use_card_limit"."store_id" is null and "use_card_limit"."card_id" is null) or ("use_card_limit"."scope" = 'store' and "use_card_limit"."store_id" is not null and "use_card_limit"."card_id" is null) or ("use_card_limit"."scope" = 'card' and "use_card_limit"."card_id" is not null and "use_card_limit"."store_id" is null)),
	CONSTRAINT "use_card_limit_max_chk" CHECK (coalesce("use_card_limit"."max_draws", 1) > 0 and coalesce("use_card_limit"."max_amount", 1) > 0 and coalesce("use_card_limit"."max_stores", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "security_blacklist" ADD CONSTRAINT "security_blacklist_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_blacklist" ADD CONSTRAINT "security_blacklist_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_warning" ADD CONSTRAINT "security_warning_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_warning" ADD CONSTRAINT "security_warning_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_warning" ADD CONSTRAINT "security_warning_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_warning" ADD CONSTRAINT "security_warning_assignee_id_user_account_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_warning" ADD CONSTRAINT "security_warning_closed_by_user_account_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_card_limit" ADD CONSTRAINT "use_card_limit_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_card_limit" ADD CONSTRAINT "use_card_limit_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_blacklist_member_idx" ON "security_blacklist" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "security_warning_detected_idx" ON "security_warning" USING btree ("detected_at","id");--> statement-breakpoint
CREATE INDEX "security_warning_store_idx" ON "security_warning" USING btree ("store_id","day");