CREATE TABLE "shr_change" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shr_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"person_no" text NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"staff_id" integer,
	"store_id" integer,
	"detail" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shr_change_action_chk" CHECK ("shr_change"."action" in ('created', 'linked', 'updated', 'left', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shr_job" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shr_job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_code" text NOT NULL,
	"job_name" text,
	"position_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shr_job_code_uq" UNIQUE("job_code")
);
--> statement-breakpoint
CREATE TABLE "shr_org" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shr_org_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_code" text NOT NULL,
	"org_name" text,
	"store_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shr_org_code_uq" UNIQUE("org_code")
);
--> statement-breakpoint
CREATE TABLE "shr_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shr_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"since" timestamp with time zone,
	"until" timestamp with time zone,
	"fetched" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"left_count" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"unmapped_orgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"operator_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shr_run_trigger_chk" CHECK ("shr_run"."trigger" in ('job', 'manual')),
	CONSTRAINT "shr_run_status_chk" CHECK ("shr_run"."status" in ('running', 'succeeded', 'partial', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shr_staff_link" (
	"person_no" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"shr_updated_at" timestamp with time zone NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shr_staff_link_staff_uq" UNIQUE("staff_id")
);
--> statement-breakpoint
CREATE TABLE "shrsim_person" (
	"person_no" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"org_code" text NOT NULL,
	"org_name" text NOT NULL,
	"job_code" text NOT NULL,
	"job_name" text NOT NULL,
	"status" text NOT NULL,
	"entry_date" date NOT NULL,
	"leave_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shrsim_person_status_chk" CHECK ("shrsim_person"."status" in ('试用', '在职', '离职'))
);
--> statement-breakpoint
ALTER TABLE "shr_change" ADD CONSTRAINT "shr_change_run_id_shr_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."shr_run"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_change" ADD CONSTRAINT "shr_change_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_change" ADD CONSTRAINT "shr_change_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_job" ADD CONSTRAINT "shr_job_position_id_master_item_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_org" ADD CONSTRAINT "shr_org_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_run" ADD CONSTRAINT "shr_run_operator_id_user_account_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shr_staff_link" ADD CONSTRAINT "shr_staff_link_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shr_change_run_idx" ON "shr_change" USING btree ("run_id","id");--> statement-breakpoint
CREATE INDEX "shr_change_at_idx" ON "shr_change" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "shr_change_person_idx" ON "shr_change" USING btree ("person_no");--> statement-breakpoint
CREATE INDEX "shr_org_store_idx" ON "shr_org" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "shr_run_started_idx" ON "shr_run" USING btree ("started_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shr_run_one_running_uq" ON "shr_run" USING btree ("status") WHERE "shr_run"."status" = 'running';--> statement-breakpoint
CREATE INDEX "shrsim_person_updated_idx" ON "shrsim_person" USING btree ("updated_at","person_no");