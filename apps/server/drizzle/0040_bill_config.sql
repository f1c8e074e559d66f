CREATE TABLE "draw_limit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_limit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"daily_max" integer,
	"monthly_max" integer,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_limit_project_uq" UNIQUE("project_id"),
	CONSTRAINT "draw_limit_scope_chk" CHECK ("draw_limit"."store_scope" in ('all', 'store')),
	CONSTRAINT "draw_limit_max_chk" CHECK (("draw_limit"."daily_max" is not null or "draw_limit"."monthly_max" is not null) and coalesce("draw_limit"."daily_max", 1) > 0 and coalesce("draw_limit"."monthly_max", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "sign_quota" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_quota_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"monthly_quota" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_quota_store_staff_uq" UNIQUE("store_id","staff_id"),
	CONSTRAINT "sign_quota_amount_chk" CHECK ("sign_quota"."monthly_quota" > 0)
);
--> statement-breakpoint
CREATE TABLE "cooperative_config" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cooperative_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"price_tier" text DEFAULT 'cost' NOT NULL,
	"goods_scope" text DEFAULT 'all' NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cooperative_config_store_uq" UNIQUE("store_id"),
	CONSTRAINT "cooperative_config_tier_chk" CHECK ("cooperative_config"."price_tier" in ('cost', 'tier1', 'tier2', 'tier3')),
	CONSTRAINT "cooperative_config_scope_chk" CHECK ("cooperative_config"."goods_scope" in ('all', 'listed'))
);
--> statement-breakpoint
ALTER TABLE "draw_limit" ADD CONSTRAINT "draw_limit_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_quota" ADD CONSTRAINT "sign_quota_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_quota" ADD CONSTRAINT "sign_quota_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperative_config" ADD CONSTRAINT "cooperative_config_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;