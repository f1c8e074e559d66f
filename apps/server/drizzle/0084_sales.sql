CREATE TABLE "sale" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('ZK' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"store_scope" text DEFAULT 'all' NOT NULL,
	"store_codes" text,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_code_uq" UNIQUE("code"),
	CONSTRAINT "sale_status_chk" CHECK ("sale"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "sale_scope_chk" CHECK ("sale"."store_scope" in ('all', 'chosen')),
	CONSTRAINT "sale_days_chk" CHECK ("sale"."end_day" >= "sale"."start_day")
);
--> statement-breakpoint
CREATE TABLE "sale_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"line" integer NOT NULL,
	"kind" text NOT NULL,
	"goods_id" integer NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "sale_item_goods_uq" UNIQUE("sale_id","kind","goods_id"),
	CONSTRAINT "sale_item_kind_chk" CHECK ("sale_item"."kind" in ('product', 'project', 'card')),
	CONSTRAINT "sale_item_mode_chk" CHECK ("sale_item"."mode" in ('price', 'rate')),
	CONSTRAINT "sale_item_value_chk" CHECK ("sale_item"."value" >= 0 and ("sale_item"."mode" = 'price' or "sale_item"."value" between 1 and 99))
);
--> statement-breakpoint
CREATE TABLE "sale_use" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_use_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sale_id" integer NOT NULL,
	"consume_id" integer NOT NULL,
	"line" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"goods_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"list_price" integer NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "sale_use_line_uq" UNIQUE("consume_id","line"),
	CONSTRAINT "sale_use_kind_chk" CHECK ("sale_use"."kind" in ('product', 'project', 'card')),
	CONSTRAINT "sale_use_price_chk" CHECK ("sale_use"."quantity" > 0 and "sale_use"."unit_price" >= 0 and "sale_use"."unit_price" < "sale_use"."list_price")
);
--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale" ADD CONSTRAINT "sale_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_item" ADD CONSTRAINT "sale_item_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_use" ADD CONSTRAINT "sale_use_sale_id_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sale"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_use" ADD CONSTRAINT "sale_use_consume_id_member_consume_id_fk" FOREIGN KEY ("consume_id") REFERENCES "public"."member_consume"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_use" ADD CONSTRAINT "sale_use_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_use" ADD CONSTRAINT "sale_use_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_created_idx" ON "sale" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sale_active_idx" ON "sale" USING btree ("status","start_day","end_day");--> statement-breakpoint
CREATE INDEX "sale_item_goods_idx" ON "sale_item" USING btree ("kind","goods_id");--> statement-breakpoint
CREATE INDEX "sale_use_sale_idx" ON "sale_use" USING btree ("sale_id","at");