CREATE TABLE "stock_secondment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_secondment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"from_store_id" integer NOT NULL,
	"to_store_id" integer NOT NULL,
	"client_id" integer,
	"outer_no" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_secondment_kind_chk" CHECK ("stock_secondment"."kind" in ('lend', 'return')),
	CONSTRAINT "stock_secondment_stores_chk" CHECK ("stock_secondment"."from_store_id" <> "stock_secondment"."to_store_id")
);
--> statement-breakpoint
CREATE TABLE "stock_secondment_line" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_secondment_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"secondment_id" integer NOT NULL,
	"lender_store_id" integer NOT NULL,
	"borrower_store_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lent_qty" integer DEFAULT 0 NOT NULL,
	"returned_qty" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_secondment_line_qty_chk" CHECK ("stock_secondment_line"."lent_qty" >= 0 and "stock_secondment_line"."returned_qty" >= 0 and ("stock_secondment_line"."lent_qty" > 0) <> ("stock_secondment_line"."returned_qty" > 0))
);
--> statement-breakpoint
ALTER TABLE "stock_secondment" ADD CONSTRAINT "stock_secondment_from_store_id_store_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment" ADD CONSTRAINT "stock_secondment_to_store_id_store_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment" ADD CONSTRAINT "stock_secondment_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment_line" ADD CONSTRAINT "stock_secondment_line_secondment_id_stock_secondment_id_fk" FOREIGN KEY ("secondment_id") REFERENCES "public"."stock_secondment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment_line" ADD CONSTRAINT "stock_secondment_line_lender_store_id_store_id_fk" FOREIGN KEY ("lender_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment_line" ADD CONSTRAINT "stock_secondment_line_borrower_store_id_store_id_fk" FOREIGN KEY ("borrower_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_secondment_line" ADD CONSTRAINT "stock_secondment_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_secondment_sender_uq" ON "stock_secondment" USING btree ("client_id","outer_no");--> statement-breakpoint
CREATE INDEX "stock_secondment_at_idx" ON "stock_secondment" USING btree ("at");--> statement-breakpoint
CREATE INDEX "stock_secondment_line_pair_idx" ON "stock_secondment_line" USING btree ("lender_store_id","borrower_store_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_secondment_line_at_idx" ON "stock_secondment_line" USING btree ("at");