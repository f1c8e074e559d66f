CREATE TABLE "card" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"amount" integer,
	"bonus" integer,
	"usable_scope" text DEFAULT 'all' NOT NULL,
	"store_level_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_code_uq" UNIQUE("code"),
	CONSTRAINT "card_status_chk" CHECK ("card"."status" in ('on', 'off')),
	CONSTRAINT "card_kind_chk" CHECK ("card"."kind" in ('combo', 'stored')),
	CONSTRAINT "card_scope_chk" CHECK ("card"."usable_scope" in ('all', 'levels')),
	CONSTRAINT "card_money_chk" CHECK ("card"."price" >= 0 and coalesce("card"."amount", 0) >= 0 and coalesce("card"."bonus", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_project" (
	"card_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "card_project_card_id_project_id_pk" PRIMARY KEY("card_id","project_id"),
	CONSTRAINT "card_project_sessions_chk" CHECK ("card_project"."sessions" > 0)
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"barcode" text,
	"name" text NOT NULL,
	"brand" text,
	"spec" text,
	"unit" text NOT NULL,
	"ml_per_unit" integer,
	"retail_price" integer NOT NULL,
	"cost_price" integer NOT NULL,
	"online_type_id" integer,
	"status" text DEFAULT 'on' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_code_uq" UNIQUE("code"),
	CONSTRAINT "product_status_chk" CHECK ("product"."status" in ('on', 'off')),
	CONSTRAINT "product_money_chk" CHECK ("product"."retail_price" >= 0 and "product"."cost_price" >= 0),
	CONSTRAINT "product_ml_chk" CHECK ("product"."ml_per_unit" is null or "product"."ml_per_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer,
	"duration_min" integer NOT NULL,
	"price" integer NOT NULL,
	"label_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"fee_type_id" integer,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_code_uq" UNIQUE("code"),
	CONSTRAINT "project_status_chk" CHECK ("project"."status" in ('on', 'off')),
	CONSTRAINT "project_price_chk" CHECK ("project"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_product" (
	"project_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "project_product_project_id_product_id_pk" PRIMARY KEY("project_id","product_id"),
	CONSTRAINT "project_product_qty_chk" CHECK ("project_product"."quantity" > 0),
	CONSTRAINT "project_product_unit_chk" CHECK ("project_product"."unit" in ('ml', 'piece'))
);
--> statement-breakpoint
ALTER TABLE "card_project" ADD CONSTRAINT "card_project_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_project" ADD CONSTRAINT "card_project_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_online_type_id_master_item_id_fk" FOREIGN KEY ("online_type_id") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_type_id_master_item_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_sub_type_id_master_item_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_fee_type_id_master_item_id_fk" FOREIGN KEY ("fee_type_id") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_product" ADD CONSTRAINT "project_product_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_product" ADD CONSTRAINT "project_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_created_idx" ON "card" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "card_project_project_idx" ON "card_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "product_sort_idx" ON "product" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "product_name_idx" ON "product" USING btree ("name");--> statement-breakpoint
CREATE INDEX "project_created_idx" ON "project" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "project_type_idx" ON "project" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "project_product_product_idx" ON "project_product" USING btree ("product_id");