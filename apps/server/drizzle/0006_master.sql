CREATE TABLE "master_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "master_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "master_item_category_code_uq" UNIQUE("category","code"),
	CONSTRAINT "master_item_code_chk" CHECK (length("master_item"."code") > 0)
);
--> statement-breakpoint
CREATE TABLE "region_division" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"level" integer NOT NULL,
	CONSTRAINT "region_division_level_chk" CHECK ("region_division"."level" in (1, 2, 3))
);
--> statement-breakpoint
ALTER TABLE "master_item" ADD CONSTRAINT "master_item_parent_id_master_item_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."master_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_item_category_parent_sort_idx" ON "master_item" USING btree ("category","parent_id","sort");--> statement-breakpoint
CREATE INDEX "region_division_parent_idx" ON "region_division" USING btree ("parent_code","code");--> statement-breakpoint
CREATE INDEX "region_division_level_idx" ON "region_division" USING btree ("level","code");