CREATE TABLE "mall_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"goods_kind" text NOT NULL,
	"product_id" integer,
	"project_id" integer,
	"card_id" integer,
	"price" integer NOT NULL,
	"earnest" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_goods_code_uq" UNIQUE("code"),
	CONSTRAINT "mall_goods_kind_chk" CHECK ("mall_goods"."goods_kind" in ('product', 'project', 'card')),
	CONSTRAINT "mall_goods_ref_chk" CHECK (("mall_goods"."goods_kind" = 'product') = ("mall_goods"."product_id" is not null) and ("mall_goods"."goods_kind" = 'project') = ("mall_goods"."project_id" is not null) and ("mall_goods"."goods_kind" = 'card') = ("mall_goods"."card_id" is not null)),
	CONSTRAINT "mall_goods_price_chk" CHECK ("mall_goods"."price" > 0 and ("mall_goods"."earnest" is null or ("mall_goods"."earnest" > 0 and "mall_goods"."earnest" < "mall_goods"."price"))),
	CONSTRAINT "mall_goods_stock_chk" CHECK ("mall_goods"."stock" >= 0 and "mall_goods"."sold" >= 0 and "mall_goods"."limit_per_member" >= 0 and "mall_goods"."sort" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mall_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"client_id" integer,
	"outer_no" text NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"status" text NOT NULL,
	"member_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"delivery" text NOT NULL,
	"goods_amount" integer NOT NULL,
	"freight" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"earnest_amount" integer DEFAULT 0 NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"pay_method" text,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"balance_paid" integer DEFAULT 0 NOT NULL,
	"balance_paid_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"receiver_name" text,
	"receiver_phone" text,
	"address" text,
	"tracking_company" text,
	"tracking_no" text,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_order_no_uq" UNIQUE("order_no"),
	CONSTRAINT "mall_order_kind_chk" CHECK ("mall_order"."kind" in ('normal', 'earnest')),
	CONSTRAINT "mall_order_status_chk" CHECK ("mall_order"."status" in ('pendingPay', 'paid', 'toShip', 'toPickup', 'shipped', 'completed', 'cancelled', 'afterSale', 'refunded')),
	CONSTRAINT "mall_order_delivery_chk" CHECK ("mall_order"."delivery" in ('express', 'pickup')),
	CONSTRAINT "mall_order_pay_method_chk" CHECK ("mall_order"."pay_method" in ('wechat', 'alipay')),
	CONSTRAINT "mall_order_amounts_chk" CHECK ("mall_order"."goods_amount" >= 0 and "mall_order"."freight" >= 0 and "mall_order"."total" = "mall_order"."goods_amount" + "mall_order"."freight" and "mall_order"."earnest_amount" >= 0 and "mall_order"."paid_amount" >= 0 and "mall_order"."balance_paid" >= 0 and "mall_order"."paid_amount" + "mall_order"."balance_paid" <= "mall_order"."total" and "mall_order"."refunded_amount" >= 0 and "mall_order"."refunded_amount" <= "mall_order"."paid_amount" + "mall_order"."balance_paid")
);
--> statement-breakpoint
CREATE TABLE "mall_order_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_order_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"line" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"goods_name" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	"earnest" integer,
	CONSTRAINT "mall_order_line_uq" UNIQUE("order_id","line"),
	CONSTRAINT "mall_order_line_amount_chk" CHECK ("mall_order_line"."quantity" > 0 and "mall_order_line"."price" >= 0 and "mall_order_line"."amount" = "mall_order_line"."price" * "mall_order_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "mall_return" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_return_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"audit_remark" text,
	"audit_by" integer,
	"audit_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_return_no_uq" UNIQUE("return_no"),
	CONSTRAINT "mall_return_kind_chk" CHECK ("mall_return"."kind" in ('refundOnly', 'returnRefund')),
	CONSTRAINT "mall_return_status_chk" CHECK ("mall_return"."status" in ('applied', 'approved', 'refunded', 'rejected')),
	CONSTRAINT "mall_return_amount_chk" CHECK ("mall_return"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mall_goods" ADD CONSTRAINT "mall_goods_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_goods" ADD CONSTRAINT "mall_goods_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_goods" ADD CONSTRAINT "mall_goods_card_id_card_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_line" ADD CONSTRAINT "mall_order_line_order_id_mall_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order_line" ADD CONSTRAINT "mall_order_line_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_return" ADD CONSTRAINT "mall_return_order_id_mall_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mall_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_return" ADD CONSTRAINT "mall_return_audit_by_user_account_id_fk" FOREIGN KEY ("audit_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_goods_sort_idx" ON "mall_goods" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "mall_goods_product_idx" ON "mall_goods" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "mall_goods_project_idx" ON "mall_goods" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "mall_goods_card_idx" ON "mall_goods" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_order_outer_uq" ON "mall_order" USING btree (coalesce("client_id", 0),"outer_no");--> statement-breakpoint
CREATE INDEX "mall_order_created_idx" ON "mall_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mall_order_store_idx" ON "mall_order" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_order_member_idx" ON "mall_order" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "mall_order_status_idx" ON "mall_order" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "mall_order_kind_idx" ON "mall_order" USING btree ("kind","created_at") WHERE "mall_order"."kind" <> 'normal';--> statement-breakpoint
CREATE INDEX "mall_order_line_goods_idx" ON "mall_order_line" USING btree ("goods_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mall_return_open_uq" ON "mall_return" USING btree ("order_id") WHERE "mall_return"."status" in ('applied', 'approved');--> statement-breakpoint
CREATE INDEX "mall_return_created_idx" ON "mall_return" USING btree ("created_at","id");