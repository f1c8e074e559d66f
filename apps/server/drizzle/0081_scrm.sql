CREATE TABLE "scrm_contact" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrm_contact_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_user_id" text NOT NULL,
	"staff_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer,
	"name" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"synced_tags" text[],
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrm_contact_uq" UNIQUE("external_user_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "scrm_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrm_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "scrm_run_status_chk" CHECK ("scrm_run"."status" in ('succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scrm_tag_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scrm_tag_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_tag_id" integer NOT NULL,
	"wecom_group" text NOT NULL,
	"wecom_tag_name" text NOT NULL,
	"wecom_tag_id" text,
	"direction" text DEFAULT 'both' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scrm_tag_link_member_tag_uq" UNIQUE("member_tag_id"),
	CONSTRAINT "scrm_tag_link_wecom_uq" UNIQUE("wecom_group","wecom_tag_name"),
	CONSTRAINT "scrm_tag_link_direction_chk" CHECK ("scrm_tag_link"."direction" in ('both', 'toWecom', 'fromWecom'))
);
--> statement-breakpoint
CREATE TABLE "scrm_wecom_tag" (
	"tag_id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrmsim_contact" (
	"external_user_id" text NOT NULL,
	"follow_user_id" text NOT NULL,
	"name" text NOT NULL,
	"remark_mobile" text,
	"created_at" timestamp with time zone NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "scrmsim_contact_pk" PRIMARY KEY("external_user_id","follow_user_id")
);
--> statement-breakpoint
CREATE TABLE "scrmsim_tag" (
	"tag_id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "scrmsim_tag_uq" UNIQUE("group_name","name")
);
--> statement-breakpoint
ALTER TABLE "scrm_contact" ADD CONSTRAINT "scrm_contact_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrm_contact" ADD CONSTRAINT "scrm_contact_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrm_contact" ADD CONSTRAINT "scrm_contact_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrm_tag_link" ADD CONSTRAINT "scrm_tag_link_member_tag_id_member_tag_id_fk" FOREIGN KEY ("member_tag_id") REFERENCES "public"."member_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrm_contact_store_idx" ON "scrm_contact" USING btree ("store_id","added_at");--> statement-breakpoint
CREATE INDEX "scrm_contact_member_idx" ON "scrm_contact" USING btree ("member_id","store_id");--> statement-breakpoint
CREATE INDEX "scrm_contact_added_idx" ON "scrm_contact" USING btree ("added_at");--> statement-breakpoint
CREATE INDEX "scrm_run_at_idx" ON "scrm_run" USING btree ("at");--> statement-breakpoint
CREATE INDEX "scrmsim_contact_follow_idx" ON "scrmsim_contact" USING btree ("follow_user_id");