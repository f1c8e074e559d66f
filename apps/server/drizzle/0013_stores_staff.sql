CREATE TABLE "staff" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender_id" integer,
	"area_code" text DEFAULT '0086' NOT NULL,
	"phone" text NOT NULL,
	"position_id" integer,
	"level_id" integer,
	"education_id" integer,
	"marital_status_id" integer,
	"entry_date" date NOT NULL,
	"leave_date" date,
	"status" text DEFAULT 'probation' NOT NULL,
	"hair_growth" boolean DEFAULT false NOT NULL,
	"medical_supervisor" boolean DEFAULT false NOT NULL,
	"certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_status_chk" CHECK ("staff"."status" in ('probation', 'active', 'left')),
	CONSTRAINT "staff_leave_chk" CHECK ("staff"."leave_date" is null or "staff"."leave_date" >= "staff"."entry_date")
);
--> statement-breakpoint
ALTER TABLE "store" DROP CONSTRAINT "store_status_chk";--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "ownership" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "type_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "sub_type_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "level_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "business_scope_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "biz_district_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "market_segment_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "taxpayer_type_id" integer;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "division_code" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "store" ADD COLUMN "open_date" date;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_gender_id_master_item_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_position_id_master_item_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_level_id_master_item_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_education_id_master_item_id_fk" FOREIGN KEY ("education_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_marital_status_id_master_item_id_fk" FOREIGN KEY ("marital_status_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_account_id_user_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_store_idx" ON "staff" USING btree ("store_id","entry_date");--> statement-breakpoint
CREATE INDEX "staff_entry_idx" ON "staff" USING btree ("entry_date","id");--> statement-breakpoint
CREATE INDEX "staff_phone_idx" ON "staff" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "staff_account_idx" ON "staff" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "staff_hair_growth_idx" ON "staff" USING btree ("store_id") WHERE "staff"."hair_growth";--> statement-breakpoint
CREATE INDEX "staff_medical_idx" ON "staff" USING btree ("store_id") WHERE "staff"."medical_supervisor";--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_type_id_master_item_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_sub_type_id_master_item_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_level_id_master_item_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_business_scope_id_master_item_id_fk" FOREIGN KEY ("business_scope_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_biz_district_id_master_item_id_fk" FOREIGN KEY ("biz_district_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_market_segment_id_master_item_id_fk" FOREIGN KEY ("market_segment_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_taxpayer_type_id_master_item_id_fk" FOREIGN KEY ("taxpayer_type_id") REFERENCES "public"."master_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_division_code_region_division_code_fk" FOREIGN KEY ("division_code") REFERENCES "public"."region_division"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_status_idx" ON "store" USING btree ("status");--> statement-breakpoint
CREATE INDEX "store_division_idx" ON "store" USING btree ("division_code");--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_ownership_chk" CHECK ("store"."ownership" in ('direct', 'franchise'));--> statement-breakpoint
ALTER TABLE "store" ADD CONSTRAINT "store_status_chk" CHECK ("store"."status" in ('preparing', 'open', 'suspended', 'closed'));