CREATE TABLE "card_project_discount" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_project_discount_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"card_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"discount" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_project_discount_uq" UNIQUE("card_id","project_id"),
	CONSTRAINT "card_project_discount_rate_chk" CHECK ("card_project_discount"."discount" > 0 and "card_project_discount"."discount" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "minor_course" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minor_course_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"project_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minor_course_code_uq" UNIQUE("code"),
	CONSTRAINT "minor_course_project_sessions_uq" UNIQUE("project_id","sessions"),
	CONSTRAINT "minor_course_status_chk" CHECK ("minor_course"."status" in ('on', 'off')),
	CONSTRAINT "minor_course_sessions_chk" CHECK ("minor_course"."sessions" > 0),
	CONSTRAINT "minor_course_price_chk" CHECK ("minor_course"."price" >= 0),
	CONSTRAINT "minor_course_validity_chk" CHECK ("minor_course"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "package_project" (
	"package_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "package_project_package_id_project_id_pk" PRIMARY KEY("package_id","project_id"),
	CONSTRAINT "package_project_sessions_chk" CHECK ("package_project"."sessions" > 0)
);
--> statement-breakpoint
CREATE TABLE "package" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_code_uq" UNIQUE("code"),
	CONSTRAINT "package_status_chk" CHECK ("package"."status" in ('on', 'off')),
	CONSTRAINT "package_price_chk" CHECK ("package"."price" >= 0),
	CONSTRAINT "package_validity_chk" CHECK ("package"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_association" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_association_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"main_product_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_association_main_uq" UNIQUE("main_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_association_item" (
	"association_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "product_association_item_association_id_product_id_pk" PRIMARY KEY("association_id","product_id"),
	CONSTRAINT "product_association_item_qty_chk" CHECK ("product_association_item"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_package" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_package_code_uq" UNIQUE("code"),
	CONSTRAINT "product_package_status_chk" CHECK ("product_package"."status" in ('on', 'off')),
	CONSTRAINT "product_package_price_chk" CHECK ("product_package"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_package_item" (
	"package_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "product_package_item_package_id_product_id_pk" PRIMARY KEY("package_id","product_id"),
	CONSTRAINT "product_package_item_qty_chk" CHECK ("product_package_item"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_project_discount" ADD CONSTRAINT "card_project_discount_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_project_discount" ADD CONSTRAINT "card_project_discount_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minor_course" ADD CONSTRAINT "minor_course_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_project" ADD CONSTRAINT "package_project_package_id_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_project" ADD CONSTRAINT "package_project_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_association" ADD CONSTRAINT "product_association_main_product_id_product_id_fk" FOREIGN KEY ("main_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_association_item" ADD CONSTRAINT "product_association_item_association_id_product_association_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."product_association"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_association_item" ADD CONSTRAINT "product_association_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_package_item" ADD CONSTRAINT "product_package_item_package_id_product_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."product_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_package_item" ADD CONSTRAINT "product_package_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_project_discount_project_idx" ON "card_project_discount" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "card_project_discount_created_idx" ON "card_project_discount" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "minor_course_created_idx" ON "minor_course" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "package_project_project_idx" ON "package_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "package_created_idx" ON "package" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_association_created_idx" ON "product_association" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_association_item_product_idx" ON "product_association_item" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_package_created_idx" ON "product_package" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "product_package_item_product_idx" ON "product_package_item" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "project_label_ids_idx" ON "project" USING gin ("label_ids");