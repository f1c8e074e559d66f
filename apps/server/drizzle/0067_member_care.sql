CREATE TABLE "follow_up" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_up_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follow_no" text GENERATED ALWAYS AS ('GJ' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"consume_id" integer,
	"content" text,
	"channel" text,
	"result" text,
	"done_at" timestamp with time zone,
	"client_id" integer NOT NULL,
	"outer_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_up_no_uq" UNIQUE("follow_no"),
	CONSTRAINT "follow_up_outer_uq" UNIQUE("client_id","outer_no"),
	CONSTRAINT "follow_up_kind_chk" CHECK ("follow_up"."kind" in ('afterVisit', 'care', 'recall', 'other')),
	CONSTRAINT "follow_up_channel_chk" CHECK ("follow_up"."channel" in ('phone', 'wechat', 'sms', 'visit')),
	CONSTRAINT "follow_up_done_chk" CHECK (("follow_up"."done_at" is null) = ("follow_up"."result" is null))
);
--> statement-breakpoint
CREATE TABLE "member_file" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_file_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"hair_type" text,
	"scalp_type" text,
	"concerns" text,
	"allergies" text,
	"preferred_time" text,
	"preferences" text,
	"remark" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_file_member_uq" UNIQUE("member_id"),
	CONSTRAINT "member_file_hair_chk" CHECK ("member_file"."hair_type" in ('straight', 'wavy', 'fine', 'coarse', 'damaged')),
	CONSTRAINT "member_file_scalp_chk" CHECK ("member_file"."scalp_type" in ('normal', 'oily', 'dry', 'sensitive', 'mixed')),
	CONSTRAINT "member_file_time_chk" CHECK ("member_file"."preferred_time" in ('morning', 'afternoon', 'evening', 'weekend', 'any'))
);
--> statement-breakpoint
CREATE TABLE "member_remark" (
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"remark" text NOT NULL,
	"staff_id" integer,
	"client_id" integer NOT NULL,
	"remarked_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_remark_pk" PRIMARY KEY("member_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "member_tag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_tag_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"rule" jsonb,
	"rule_text" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text,
	"member_count" integer DEFAULT 0 NOT NULL,
	"evaluated_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tag_name_uq" UNIQUE("name"),
	CONSTRAINT "member_tag_kind_chk" CHECK ("member_tag"."kind" in ('manual', 'rule')),
	CONSTRAINT "member_tag_color_chk" CHECK ("member_tag"."color" in ('blue', 'green', 'orange', 'red', 'purple', 'gold', 'cyan')),
	CONSTRAINT "member_tag_rule_chk" CHECK (("member_tag"."kind" = 'rule') = ("member_tag"."rule" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_tag_member" (
	"tag_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"source" text NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tag_member_pk" PRIMARY KEY("tag_id","member_id"),
	CONSTRAINT "member_tag_member_source_chk" CHECK ("member_tag_member"."source" in ('manual', 'rule'))
);
--> statement-breakpoint
ALTER TABLE "follow_up" ADD CONSTRAINT "follow_up_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up" ADD CONSTRAINT "follow_up_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up" ADD CONSTRAINT "follow_up_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up" ADD CONSTRAINT "follow_up_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_file" ADD CONSTRAINT "member_file_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_file" ADD CONSTRAINT "member_file_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_remark" ADD CONSTRAINT "member_remark_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_remark" ADD CONSTRAINT "member_remark_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_remark" ADD CONSTRAINT "member_remark_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag" ADD CONSTRAINT "member_tag_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_member" ADD CONSTRAINT "member_tag_member_tag_id_member_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."member_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_member" ADD CONSTRAINT "member_tag_member_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_member" ADD CONSTRAINT "member_tag_member_assigned_by_user_account_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_member_idx" ON "follow_up" USING btree ("member_id","due_date");--> statement-breakpoint
CREATE INDEX "follow_up_store_idx" ON "follow_up" USING btree ("store_id","due_date");--> statement-breakpoint
CREATE INDEX "follow_up_due_idx" ON "follow_up" USING btree ("due_date","follow_no");--> statement-breakpoint
CREATE INDEX "follow_up_open_idx" ON "follow_up" USING btree ("due_date") WHERE "follow_up"."done_at" is null;--> statement-breakpoint
CREATE INDEX "follow_up_done_idx" ON "follow_up" USING btree ("done_at") WHERE "follow_up"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "follow_up_created_idx" ON "follow_up" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "member_file_updated_idx" ON "member_file" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "member_remark_store_idx" ON "member_remark" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "member_tag_created_idx" ON "member_tag" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "member_tag_member_member_idx" ON "member_tag_member" USING btree ("member_id","tag_id");