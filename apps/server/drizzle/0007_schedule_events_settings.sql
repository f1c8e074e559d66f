CREATE TABLE "system_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"login_name" text,
	"ip" text,
	"detail" jsonb,
	"instance" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_job" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cron" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_run" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job" text NOT NULL,
	"trigger" text NOT NULL,
	"user_id" integer,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setting_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "system_event_at_idx" ON "system_event" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_event_kind_idx" ON "system_event" USING btree ("kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_event_level_idx" ON "system_event" USING btree ("level","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "system_event_user_idx" ON "system_event" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedule_run_job_idx" ON "schedule_run" USING btree ("job","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedule_run_running_idx" ON "schedule_run" USING btree ("started_at") WHERE "schedule_run"."status" = 'running';--> statement-breakpoint
CREATE INDEX "setting_change_at_idx" ON "setting_change" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "setting_change_key_idx" ON "setting_change" USING btree ("key","at" DESC NULLS LAST);