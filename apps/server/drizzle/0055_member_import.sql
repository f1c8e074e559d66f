CREATE TABLE "member_import" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_import_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_no" text GENERATED ALWAYS AS ('QR' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"state" text DEFAULT 'checked' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"ready_rows" integer DEFAULT 0 NOT NULL,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"existing_members" integer DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"rolled_back_by" integer,
	CONSTRAINT "member_import_batch_uq" UNIQUE("batch_no"),
	CONSTRAINT "member_import_state_chk" CHECK ("member_import"."state" in ('checked', 'running', 'done', 'failed', 'rolledBack'))
);
--> statement-breakpoint
CREATE TABLE "member_import_row" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_import_row_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"name" text,
	"phone" text,
	"store_id" integer,
	"level_id" integer,
	"card_id" integer,
	"card_no" text,
	"principal" integer DEFAULT 0 NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opened_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"member_id" integer,
	"member_created" boolean DEFAULT false NOT NULL,
	"member_card_id" integer,
	CONSTRAINT "member_import_row_uq" UNIQUE("import_id","row_no"),
	CONSTRAINT "member_import_row_outcome_chk" CHECK ("member_import_row"."outcome" in ('error', 'ready', 'created', 'skipped', 'rolledBack'))
);
--> statement-breakpoint
ALTER TABLE "member_import" ADD CONSTRAINT "member_import_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import" ADD CONSTRAINT "member_import_rolled_back_by_user_account_id_fk" FOREIGN KEY ("rolled_back_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_row" ADD CONSTRAINT "member_import_row_import_id_member_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_row" ADD CONSTRAINT "member_import_row_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_row" ADD CONSTRAINT "member_import_row_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_row" ADD CONSTRAINT "member_import_row_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_row" ADD CONSTRAINT "member_import_row_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_import_created_idx" ON "member_import" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "member_import_hash_idx" ON "member_import" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "member_import_row_import_idx" ON "member_import_row" USING btree ("import_id","outcome","store_id","id");--> statement-breakpoint
CREATE INDEX "member_import_row_card_idx" ON "member_import_row" USING btree ("member_card_id");--> statement-breakpoint
CREATE INDEX "member_import_row_member_idx" ON "member_import_row" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_import_row_card_no_uq" ON "member_import_row" USING btree ("card_no") WHERE "member_import_row"."outcome" = 'created';--> statement-breakpoint
CREATE INDEX "member_import_row_card_no_idx" ON "member_import_row" USING btree ("card_no");