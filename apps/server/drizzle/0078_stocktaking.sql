CREATE TABLE "stocktake_count" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stocktake_count_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"client_id" integer,
	"count_no" text NOT NULL,
	"gain_amount" integer DEFAULT 0 NOT NULL,
	"loss_amount" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stocktake_count_no_uq" UNIQUE("client_id","count_no"),
	CONSTRAINT "stocktake_count_store_uq" UNIQUE("notice_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stocktake_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stocktake_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"count_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"book_qty" integer NOT NULL,
	"counted_qty" integer NOT NULL,
	"diff_qty" integer NOT NULL,
	"cost_price" integer NOT NULL,
	"diff_amount" integer NOT NULL,
	CONSTRAINT "stocktake_line_product_uq" UNIQUE("count_id","product_id"),
	CONSTRAINT "stocktake_line_qty_chk" CHECK ("stocktake_line"."counted_qty" >= 0 and "stocktake_line"."diff_qty" = "stocktake_line"."counted_qty" - "stocktake_line"."book_qty")
);
--> statement-breakpoint
CREATE TABLE "stocktake_notice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stocktake_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"type" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"deadline" date NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"region_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"store_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stocktake_notice_type_chk" CHECK ("stocktake_notice"."type" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "stocktake_store" (
	"notice_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"overdue_noticed_at" timestamp with time zone,
	CONSTRAINT "stocktake_store_notice_id_store_id_pk" PRIMARY KEY("notice_id","store_id"),
	CONSTRAINT "stocktake_store_state_chk" CHECK ("stocktake_store"."state" in ('pending', 'counted', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "stocktake_count" ADD CONSTRAINT "stocktake_count_notice_id_stocktake_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."stocktake_notice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_count" ADD CONSTRAINT "stocktake_count_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_count" ADD CONSTRAINT "stocktake_count_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_line" ADD CONSTRAINT "stocktake_line_count_id_stocktake_count_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stocktake_count"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_line" ADD CONSTRAINT "stocktake_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_notice" ADD CONSTRAINT "stocktake_notice_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_store" ADD CONSTRAINT "stocktake_store_notice_id_stocktake_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."stocktake_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stocktake_store" ADD CONSTRAINT "stocktake_store_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stocktake_count_day_idx" ON "stocktake_count" USING btree ("counted_at","store_id");--> statement-breakpoint
CREATE INDEX "stocktake_notice_created_idx" ON "stocktake_notice" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stocktake_store_store_idx" ON "stocktake_store" USING btree ("store_id","state");