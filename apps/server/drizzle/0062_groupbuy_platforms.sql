CREATE TABLE "gbsim_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gbsim_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"shop_id" text NOT NULL,
	"deal_id" text NOT NULL,
	"paid_amount" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"verify_id" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gbsim_code_uq" UNIQUE("platform","code")
);
--> statement-breakpoint
CREATE TABLE "group_buy_app" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_app_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"app_key" text NOT NULL,
	"app_secret" text,
	"api_base" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_app_platform_uq" UNIQUE("platform"),
	CONSTRAINT "group_buy_app_platform_ck" CHECK ("group_buy_app"."platform" in ('meituan', 'douyin'))
);
--> statement-breakpoint
CREATE TABLE "group_buy_deal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_deal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"platform_deal_id" text NOT NULL,
	"title" text NOT NULL,
	"price" integer NOT NULL,
	"goods_kind" text,
	"project_id" integer,
	"product_id" integer,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_deal_platform_deal_uq" UNIQUE("platform","platform_deal_id"),
	CONSTRAINT "group_buy_deal_platform_ck" CHECK ("group_buy_deal"."platform" in ('meituan', 'douyin')),
	CONSTRAINT "group_buy_deal_goods_kind_ck" CHECK ("group_buy_deal"."goods_kind" in ('project', 'product'))
);
--> statement-breakpoint
CREATE TABLE "group_buy_refund" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_refund_voucher_uq" UNIQUE("voucher_id"),
	CONSTRAINT "group_buy_refund_kind_ck" CHECK ("group_buy_refund"."kind" in ('cancel', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "group_buy_review" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"platform_review_id" text NOT NULL,
	"shop_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_review_uq" UNIQUE("platform","platform_review_id"),
	CONSTRAINT "group_buy_review_platform_ck" CHECK ("group_buy_review"."platform" in ('meituan', 'douyin'))
);
--> statement-breakpoint
CREATE TABLE "group_buy_shop" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_shop_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"platform_shop_id" text NOT NULL,
	"platform_shop_name" text NOT NULL,
	"store_id" integer,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_shop_platform_shop_uq" UNIQUE("platform","platform_shop_id"),
	CONSTRAINT "group_buy_shop_platform_ck" CHECK ("group_buy_shop"."platform" in ('meituan', 'douyin'))
);
--> statement-breakpoint
CREATE TABLE "group_buy_voucher" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_buy_voucher_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"code" text NOT NULL,
	"deal_id" integer NOT NULL,
	"goods_kind" text,
	"project_id" integer,
	"product_id" integer,
	"store_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"paid_amount" integer NOT NULL,
	"verify_id" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'verified' NOT NULL,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_buy_voucher_code_uq" UNIQUE("platform","code"),
	CONSTRAINT "group_buy_voucher_platform_ck" CHECK ("group_buy_voucher"."platform" in ('meituan', 'douyin')),
	CONSTRAINT "group_buy_voucher_state_ck" CHECK ("group_buy_voucher"."state" in ('verified', 'cancelled', 'refunded')),
	CONSTRAINT "group_buy_voucher_goods_kind_ck" CHECK ("group_buy_voucher"."goods_kind" in ('project', 'product'))
);
--> statement-breakpoint
ALTER TABLE "group_buy_app" ADD CONSTRAINT "group_buy_app_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_deal" ADD CONSTRAINT "group_buy_deal_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_deal" ADD CONSTRAINT "group_buy_deal_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_refund" ADD CONSTRAINT "group_buy_refund_voucher_id_group_buy_voucher_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."group_buy_voucher"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_refund" ADD CONSTRAINT "group_buy_refund_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_review" ADD CONSTRAINT "group_buy_review_shop_id_group_buy_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."group_buy_shop"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_review" ADD CONSTRAINT "group_buy_review_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_shop" ADD CONSTRAINT "group_buy_shop_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_deal_id_group_buy_deal_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."group_buy_deal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_shop_id_group_buy_shop_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."group_buy_shop"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_buy_voucher" ADD CONSTRAINT "group_buy_voucher_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_buy_refund_created_idx" ON "group_buy_refund" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "group_buy_review_store_idx" ON "group_buy_review" USING btree ("store_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_buy_shop_platform_store_uq" ON "group_buy_shop" USING btree ("platform","store_id") WHERE "group_buy_shop"."store_id" is not null;--> statement-breakpoint
CREATE INDEX "group_buy_shop_store_idx" ON "group_buy_shop" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "group_buy_voucher_verified_idx" ON "group_buy_voucher" USING btree ("verified_at","id");--> statement-breakpoint
CREATE INDEX "group_buy_voucher_store_idx" ON "group_buy_voucher" USING btree ("store_id","verified_at");