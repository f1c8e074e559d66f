CREATE TABLE "member_lifecycle_def" (
	"version" integer PRIMARY KEY NOT NULL,
	"params" jsonb NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_lifecycle_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_lifecycle_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "member_lifecycle_run_status_chk" CHECK ("member_lifecycle_run"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "member_lifecycle_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT -1 NOT NULL,
	"bill_id" integer DEFAULT 0 NOT NULL,
	"ledger_id" bigint DEFAULT 0 NOT NULL,
	"closed_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_stage" (
	"basis" text NOT NULL,
	"member_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"stage" text NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "member_stage_member_id_basis_valid_from_pk" PRIMARY KEY("member_id","basis","valid_from"),
	CONSTRAINT "member_stage_basis_chk" CHECK ("member_stage"."basis" in ('visit', 'buyCard', 'drawCard')),
	CONSTRAINT "member_stage_stage_chk" CHECK ("member_stage"."stage" in ('new', 'active', 'general', 'sleeping', 'lost', 'returned')),
	CONSTRAINT "member_stage_span_chk" CHECK ("member_stage"."valid_to" is null or "member_stage"."valid_to" > "member_stage"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "member_lifecycle_def" ADD CONSTRAINT "member_lifecycle_def_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_lifecycle_run" ADD CONSTRAINT "member_lifecycle_run_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_lifecycle_run_status_idx" ON "member_lifecycle_run" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "member_stage_store_idx" ON "member_stage" USING btree ("store_id","basis");