CREATE TABLE "role_quick" (
	"role_id" integer NOT NULL,
	"base_id" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "role_quick_role_id_base_id_pk" PRIMARY KEY("role_id","base_id")
);
--> statement-breakpoint
CREATE TABLE "store_quick" (
	"store_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"base_id" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "store_quick_store_id_role_id_base_id_pk" PRIMARY KEY("store_id","role_id","base_id")
);
--> statement-breakpoint
CREATE TABLE "store_quick_base" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_quick_base_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_quick_base_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "resource" ADD COLUMN "menu_sort" integer;--> statement-breakpoint
ALTER TABLE "role_quick" ADD CONSTRAINT "role_quick_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_quick" ADD CONSTRAINT "role_quick_base_id_store_quick_base_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."store_quick_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_quick" ADD CONSTRAINT "store_quick_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_quick" ADD CONSTRAINT "store_quick_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_quick" ADD CONSTRAINT "store_quick_base_id_store_quick_base_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."store_quick_base"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_quick_base_idx" ON "role_quick" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "store_quick_role_idx" ON "store_quick" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "store_quick_base_idx" ON "store_quick" USING btree ("base_id");