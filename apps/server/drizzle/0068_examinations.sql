CREATE TABLE "exam_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"low" integer NOT NULL,
	"high" integer NOT NULL,
	"mild_limit" integer NOT NULL,
	"moderate_limit" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_item_code_uq" UNIQUE("code"),
	CONSTRAINT "exam_item_range_chk" CHECK ("exam_item"."low" < "exam_item"."high"),
	CONSTRAINT "exam_item_limits_chk" CHECK ("exam_item"."mild_limit" > 0 and "exam_item"."mild_limit" < "exam_item"."moderate_limit")
);
--> statement-breakpoint
CREATE TABLE "examination" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "examination_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_no" text GENERATED ALWAYS AS ('JC' || lpad(id::text, 10, '0')) STORED NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"staff_id" integer,
	"examined_at" timestamp with time zone NOT NULL,
	"grade" text NOT NULL,
	"item_count" integer NOT NULL,
	"abnormal_count" integer NOT NULL,
	"conclusion" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"client_id" integer NOT NULL,
	"outer_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "examination_no_uq" UNIQUE("report_no"),
	CONSTRAINT "examination_outer_uq" UNIQUE("client_id","outer_no"),
	CONSTRAINT "examination_grade_chk" CHECK ("examination"."grade" in ('normal', 'mild', 'moderate', 'severe'))
);
--> statement-breakpoint
CREATE TABLE "examination_project" (
	"examination_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "examination_project_pk" PRIMARY KEY("examination_id","seq")
);
--> statement-breakpoint
CREATE TABLE "examination_value" (
	"examination_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"item_id" integer,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"unit" text NOT NULL,
	"low" integer NOT NULL,
	"high" integer NOT NULL,
	"mild_limit" integer NOT NULL,
	"moderate_limit" integer NOT NULL,
	"value" integer NOT NULL,
	"grade" text NOT NULL,
	CONSTRAINT "examination_value_pk" PRIMARY KEY("examination_id","seq"),
	CONSTRAINT "examination_value_grade_chk" CHECK ("examination_value"."grade" in ('normal', 'mild', 'moderate', 'severe'))
);
--> statement-breakpoint
ALTER TABLE "examination" ADD CONSTRAINT "examination_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination" ADD CONSTRAINT "examination_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination" ADD CONSTRAINT "examination_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination_project" ADD CONSTRAINT "examination_project_examination_id_examination_id_fk" FOREIGN KEY ("examination_id") REFERENCES "public"."examination"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination_project" ADD CONSTRAINT "examination_project_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination_value" ADD CONSTRAINT "examination_value_examination_id_examination_id_fk" FOREIGN KEY ("examination_id") REFERENCES "public"."examination"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examination_value" ADD CONSTRAINT "examination_value_item_id_exam_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exam_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_item_sort_idx" ON "exam_item" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "examination_store_idx" ON "examination" USING btree ("store_id","examined_at");--> statement-breakpoint
CREATE INDEX "examination_member_idx" ON "examination" USING btree ("member_id","examined_at");--> statement-breakpoint
CREATE INDEX "examination_at_idx" ON "examination" USING btree ("examined_at","id");--> statement-breakpoint
CREATE INDEX "examination_project_project_idx" ON "examination_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "examination_value_item_idx" ON "examination_value" USING btree ("item_id");