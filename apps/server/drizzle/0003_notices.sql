CREATE TABLE "notice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"store_id" integer,
	"type" integer NOT NULL,
	"msg_name" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_type_chk" CHECK ("notice"."type" in (1, 2)),
	CONSTRAINT "notice_amount_chk" CHECK ("notice"."amount" is null or "notice"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_user_read_created_idx" ON "notice" USING btree ("user_id","is_read","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_user_created_idx" ON "notice" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notice_store_idx" ON "notice" USING btree ("store_id");