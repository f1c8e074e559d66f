CREATE TABLE "eva_dimension" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eva_dimension_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eva_dimension_code_uq" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "eva_setting" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"scale_max" integer DEFAULT 5 NOT NULL,
	"good_min" integer DEFAULT 4 NOT NULL,
	"bad_max" integer DEFAULT 2 NOT NULL,
	"bad_any_dimension" boolean DEFAULT true NOT NULL,
	"invite_timing" text DEFAULT 'afterBill' NOT NULL,
	"invite_delay_hours" integer DEFAULT 2 NOT NULL,
	"valid_days" integer DEFAULT 7 NOT NULL,
	"notify_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "eva_setting_one_chk" CHECK ("eva_setting"."id" = 1),
	CONSTRAINT "eva_setting_scale_chk" CHECK ("eva_setting"."scale_max" between 3 and 10 and "eva_setting"."bad_max" >= 1 and "eva_setting"."bad_max" < "eva_setting"."good_min" and "eva_setting"."good_min" <= "eva_setting"."scale_max"),
	CONSTRAINT "eva_setting_invite_chk" CHECK ("eva_setting"."invite_timing" in ('afterBill', 'afterHours', 'nextDay'))
);
--> statement-breakpoint
CREATE TABLE "evaluation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"eva_no" text GENERATED ALWAYS AS ('PJ' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"client_id" integer,
	"outer_no" text,
	"consume_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"staff_id" integer,
	"scale_max" integer NOT NULL,
	"score_sum" integer NOT NULL,
	"score_count" integer NOT NULL,
	"score_rate" integer NOT NULL,
	"level" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	"status" text DEFAULT 'none' NOT NULL,
	"handler_id" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_eva_no_uq" UNIQUE("eva_no"),
	CONSTRAINT "evaluation_consume_uq" UNIQUE("consume_id"),
	CONSTRAINT "evaluation_outer_uq" UNIQUE("client_id","outer_no"),
	CONSTRAINT "evaluation_level_chk" CHECK ("evaluation"."level" in ('good', 'neutral', 'bad')),
	CONSTRAINT "evaluation_status_chk" CHECK ("evaluation"."status" in ('none', 'pending', 'assigned', 'replied', 'closed')),
	CONSTRAINT "evaluation_score_chk" CHECK ("evaluation"."score_count" > 0 and "evaluation"."score_sum" between "evaluation"."score_count" and "evaluation"."score_count" * "evaluation"."scale_max" and "evaluation"."score_rate" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "evaluation_score" (
	"evaluation_id" integer NOT NULL,
	"dimension_id" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "evaluation_score_evaluation_id_dimension_id_pk" PRIMARY KEY("evaluation_id","dimension_id"),
	CONSTRAINT "evaluation_score_value_chk" CHECK ("evaluation_score"."score" >= 1 and "evaluation_score"."score" <= 10)
);
--> statement-breakpoint
ALTER TABLE "notice" DROP CONSTRAINT "notice_type_chk";--> statement-breakpoint
ALTER TABLE "eva_setting" ADD CONSTRAINT "eva_setting_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_replied_by_user_account_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation" ADD CONSTRAINT "evaluation_handler_id_user_account_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_score" ADD CONSTRAINT "evaluation_score_evaluation_id_evaluation_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_score" ADD CONSTRAINT "evaluation_score_dimension_id_eva_dimension_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."eva_dimension"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eva_dimension_sort_idx" ON "eva_dimension" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "evaluation_store_at_idx" ON "evaluation" USING btree ("store_id","evaluated_at");--> statement-breakpoint
CREATE INDEX "evaluation_at_idx" ON "evaluation" USING btree ("evaluated_at","id");--> statement-breakpoint
CREATE INDEX "evaluation_staff_at_idx" ON "evaluation" USING btree ("staff_id","evaluated_at") WHERE "evaluation"."staff_id" is not null;--> statement-breakpoint
CREATE INDEX "evaluation_bad_idx" ON "evaluation" USING btree ("status","evaluated_at") WHERE "evaluation"."level" = 'bad';--> statement-breakpoint
CREATE INDEX "evaluation_score_dimension_idx" ON "evaluation_score" USING btree ("dimension_id");--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_type_chk" CHECK ("notice"."type" in (1, 2, 3, 4));--> statement-breakpoint
-- The settings row: 评价设置 holds one row, written whole by 保存.
INSERT INTO "eva_setting" ("id") VALUES (1) ON CONFLICT DO NOTHING;
