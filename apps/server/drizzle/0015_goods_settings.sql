CREATE TABLE "advance_verification" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advance_verification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"goods_kind" text NOT NULL,
	"project_id" integer,
	"card_id" integer,
	"max_days_early" integer NOT NULL,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"store_level_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advance_verification_project_uq" UNIQUE("project_id"),
	CONSTRAINT "advance_verification_card_uq" UNIQUE("card_id"),
	CONSTRAINT "advance_verification_ref_chk" CHECK ("advance_verification"."goods_kind" in ('project', 'card') and ("advance_verification"."goods_kind" = 'project') = ("advance_verification"."project_id" is not null) and ("advance_verification"."goods_kind" = 'card') = ("advance_verification"."card_id" is not null)),
	CONSTRAINT "advance_verification_days_chk" CHECK ("advance_verification"."max_days_early" between 1 and 365),
	CONSTRAINT "advance_verification_scope_chk" CHECK ("advance_verification"."store_scope" in ('all', 'levels'))
);
--> statement-breakpoint
CREATE TABLE "cross_level_draw" (
	"sold_level_id" integer NOT NULL,
	"draw_level_id" integer NOT NULL,
	CONSTRAINT "cross_level_draw_sold_level_id_draw_level_id_pk" PRIMARY KEY("sold_level_id","draw_level_id"),
	CONSTRAINT "cross_level_draw_diff_chk" CHECK ("cross_level_draw"."sold_level_id" <> "cross_level_draw"."draw_level_id")
);
--> statement-breakpoint
CREATE TABLE "mini_program_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"goods_kind" text NOT NULL,
	"product_id" integer,
	"project_id" integer,
	"card_id" integer,
	"tab" text NOT NULL,
	"category" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mini_program_item_product_uq" UNIQUE("tab","product_id"),
	CONSTRAINT "mini_program_item_project_uq" UNIQUE("tab","project_id"),
	CONSTRAINT "mini_program_item_card_uq" UNIQUE("tab","card_id"),
	CONSTRAINT "mini_program_item_ref_chk" CHECK (("mini_program_item"."goods_kind" = 'product') = ("mini_program_item"."product_id" is not null) and ("mini_program_item"."goods_kind" = 'project') = ("mini_program_item"."project_id" is not null) and ("mini_program_item"."goods_kind" = 'card') = ("mini_program_item"."card_id" is not null)),
	CONSTRAINT "mini_program_item_tab_chk" CHECK ("mini_program_item"."tab" in ('home', 'mall', 'booking', 'cards')),
	CONSTRAINT "mini_program_item_sort_chk" CHECK ("mini_program_item"."sort" >= 0)
);
--> statement-breakpoint
CREATE TABLE "open_commodity_relation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_commodity_relation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"platform_goods_id" text NOT NULL,
	"platform_goods_name" text NOT NULL,
	"voucher_price" integer,
	"goods_kind" text NOT NULL,
	"project_id" integer,
	"card_id" integer,
	"sessions_per_voucher" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_commodity_platform_goods_uq" UNIQUE("platform","platform_goods_id"),
	CONSTRAINT "open_commodity_ref_chk" CHECK ("open_commodity_relation"."goods_kind" in ('project', 'card') and ("open_commodity_relation"."goods_kind" = 'project') = ("open_commodity_relation"."project_id" is not null) and ("open_commodity_relation"."goods_kind" = 'card') = ("open_commodity_relation"."card_id" is not null)),
	CONSTRAINT "open_commodity_platform_chk" CHECK ("open_commodity_relation"."platform" in ('meituan', 'douyin', 'koubei', 'kuaishou')),
	CONSTRAINT "open_commodity_sessions_chk" CHECK ("open_commodity_relation"."sessions_per_voucher" > 0),
	CONSTRAINT "open_commodity_price_chk" CHECK (coalesce("open_commodity_relation"."voucher_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "trial_limit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trial_limit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"max_times" integer NOT NULL,
	"period" text DEFAULT 'lifetime' NOT NULL,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_limit_project_uq" UNIQUE("project_id"),
	CONSTRAINT "trial_limit_times_chk" CHECK ("trial_limit"."max_times" > 0),
	CONSTRAINT "trial_limit_period_chk" CHECK ("trial_limit"."period" in ('lifetime', 'year')),
	CONSTRAINT "trial_limit_scope_chk" CHECK ("trial_limit"."store_scope" in ('all', 'store'))
);
--> statement-breakpoint
CREATE TABLE "trial_use" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trial_use_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_phone" text NOT NULL,
	"project_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advance_verification" ADD CONSTRAINT "advance_verification_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_verification" ADD CONSTRAINT "advance_verification_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_level_draw" ADD CONSTRAINT "cross_level_draw_sold_level_id_master_item_id_fk" FOREIGN KEY ("sold_level_id") REFERENCES "public"."master_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_level_draw" ADD CONSTRAINT "cross_level_draw_draw_level_id_master_item_id_fk" FOREIGN KEY ("draw_level_id") REFERENCES "public"."master_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_item" ADD CONSTRAINT "mini_program_item_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_item" ADD CONSTRAINT "mini_program_item_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_item" ADD CONSTRAINT "mini_program_item_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_commodity_relation" ADD CONSTRAINT "open_commodity_relation_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_commodity_relation" ADD CONSTRAINT "open_commodity_relation_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_limit" ADD CONSTRAINT "trial_limit_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_use" ADD CONSTRAINT "trial_use_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_use" ADD CONSTRAINT "trial_use_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_verification_created_idx" ON "advance_verification" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cross_level_draw_draw_idx" ON "cross_level_draw" USING btree ("draw_level_id");--> statement-breakpoint
CREATE INDEX "mini_program_item_sort_idx" ON "mini_program_item" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "mini_program_item_product_idx" ON "mini_program_item" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "mini_program_item_project_idx" ON "mini_program_item" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "mini_program_item_card_idx" ON "mini_program_item" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "open_commodity_created_idx" ON "open_commodity_relation" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "open_commodity_project_idx" ON "open_commodity_relation" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "open_commodity_card_idx" ON "open_commodity_relation" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "trial_limit_created_idx" ON "trial_limit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trial_use_member_idx" ON "trial_use" USING btree ("member_phone","project_id","used_at");--> statement-breakpoint
CREATE INDEX "trial_use_project_idx" ON "trial_use" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "trial_use_store_idx" ON "trial_use" USING btree ("store_id");