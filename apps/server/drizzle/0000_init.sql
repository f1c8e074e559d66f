CREATE TABLE "area_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "area_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"area_code" text NOT NULL,
	"name" text NOT NULL,
	"def" boolean DEFAULT false NOT NULL,
	CONSTRAINT "area_code_area_code_unique" UNIQUE("area_code")
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"login_name" text NOT NULL,
	"phone" text,
	"nickname" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"kind" text DEFAULT 'hq' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "user_account_login_name_unique" UNIQUE("login_name"),
	CONSTRAINT "user_account_kind_chk" CHECK ("user_account"."kind" in ('hq', 'boss', 'store'))
);
--> statement-breakpoint
CREATE TABLE "hier" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"level" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hier_level_chk" CHECK ("hier"."level" in ('hq', 'region', 'store'))
);
--> statement-breakpoint
CREATE TABLE "hier_content" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hier_content_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"name" text NOT NULL,
	"region_id" integer,
	"store_id" integer
);
--> statement-breakpoint
CREATE TABLE "hier_content_role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hier_content_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "hier_content_role_uq" UNIQUE("content_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hier_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "role_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"content_role_id" integer NOT NULL,
	CONSTRAINT "user_role_uq" UNIQUE("user_id","content_role_id")
);
--> statement-breakpoint
CREATE TABLE "resource" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"parent_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "resource_code_unique" UNIQUE("code"),
	CONSTRAINT "resource_kind_chk" CHECK ("resource"."kind" in ('group', 'page', 'button'))
);
--> statement-breakpoint
CREATE TABLE "role_resource" (
	"role_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	CONSTRAINT "role_resource_role_id_resource_id_pk" PRIMARY KEY("role_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "user_quick" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_quick_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "region_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "region_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "store" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"region_id" integer NOT NULL,
	"scrm_enabled" boolean DEFAULT false NOT NULL,
	"boss_user_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_code_unique" UNIQUE("code"),
	CONSTRAINT "store_status_chk" CHECK ("store"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "api_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"path" text NOT NULL,
	"user_id" integer,
	"errcode" text,
	"status" integer NOT NULL,
	"ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operation_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"user_role_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_hier_id_hier_id_fk" FOREIGN KEY ("hier_id") REFERENCES "public"."hier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hier_content_role" ADD CONSTRAINT "hier_content_role_content_id_hier_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."hier_content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hier_content_role" ADD CONSTRAINT "hier_content_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_hier_id_hier_id_fk" FOREIGN KEY ("hier_id") REFERENCES "public"."hier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_content_role_id_hier_content_role_id_fk" FOREIGN KEY ("content_role_id") REFERENCES "public"."hier_content_role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resource" ADD CONSTRAINT "role_resource_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_resource" ADD CONSTRAINT "role_resource_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quick" ADD CONSTRAINT "user_quick_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quick" ADD CONSTRAINT "user_quick_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_quick" ADD CONSTRAINT "user_quick_resource_id_resource_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resource"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_boss_user_id_user_account_id_fk" FOREIGN KEY ("boss_user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_role_id_user_role_id_fk" FOREIGN KEY ("user_role_id") REFERENCES "public"."user_role"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_account_phone_idx" ON "user_account" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "hier_content_hier_idx" ON "hier_content" USING btree ("hier_id");--> statement-breakpoint
CREATE INDEX "hier_content_role_role_idx" ON "hier_content_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "role_hier_idx" ON "role" USING btree ("hier_id");--> statement-breakpoint
CREATE INDEX "user_role_content_role_idx" ON "user_role" USING btree ("content_role_id");--> statement-breakpoint
CREATE INDEX "resource_parent_idx" ON "resource" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "role_resource_resource_idx" ON "role_resource" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "user_quick_user_role_idx" ON "user_quick" USING btree ("user_id","role_id","sort");--> statement-breakpoint
CREATE INDEX "user_quick_resource_idx" ON "user_quick" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "store_region_idx" ON "store" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "store_boss_idx" ON "store" USING btree ("boss_user_id");--> statement-breakpoint
CREATE INDEX "api_log_at_idx" ON "api_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "api_log_user_idx" ON "api_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "operation_log_at_idx" ON "operation_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operation_log_user_idx" ON "operation_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");