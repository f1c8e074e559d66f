CREATE TABLE "product_online_rate" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_online_rate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"online_type" integer NOT NULL,
	"hq_rate" integer NOT NULL,
	"store_rate" integer NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_online_rate_online_type_unique" UNIQUE("online_type"),
	CONSTRAINT "product_online_rate_sum_chk" CHECK ("product_online_rate"."hq_rate" + "product_online_rate"."store_rate" = 10000)
);
--> statement-breakpoint
ALTER TABLE "product_online_rate" ADD CONSTRAINT "product_online_rate_online_type_master_item_id_fk" FOREIGN KEY ("online_type") REFERENCES "public"."master_item"("id") ON DELETE no action ON UPDATE no action;