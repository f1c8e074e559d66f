CREATE TABLE "member_receive" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_receive_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('LY' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer,
	"member_name" text NOT NULL,
	"area_code" text DEFAULT '0086' NOT NULL,
	"member_phone" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"audited_by" integer,
	"audited_at" timestamp with time zone,
	CONSTRAINT "member_receive_code_uq" UNIQUE("code"),
	CONSTRAINT "member_receive_status_chk" CHECK ("member_receive"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "member_receive_audit_chk" CHECK (("member_receive"."status" = 'pending') = ("member_receive"."audited_at" is null) and ("member_receive"."status" = 'rejected') = ("member_receive"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_receive_line" (
	"receive_id" integer NOT NULL,
	"line" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "member_receive_line_uq" UNIQUE("receive_id","line"),
	CONSTRAINT "member_receive_line_product_uq" UNIQUE("receive_id","product_id"),
	CONSTRAINT "member_receive_line_qty_chk" CHECK ("member_receive_line"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "pos_terminal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_terminal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sn" text NOT NULL,
	"brand" text NOT NULL,
	"model" text,
	"merchant_no" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"note" text,
	"store_id" integer,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pos_terminal_status_chk" CHECK ("pos_terminal"."status" in ('active', 'disabled', 'repair')),
	CONSTRAINT "pos_terminal_bound_chk" CHECK (("pos_terminal"."store_id" is null) = ("pos_terminal"."bound_at" is null)),
	CONSTRAINT "pos_terminal_active_chk" CHECK ("pos_terminal"."status" <> 'active' or "pos_terminal"."store_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "pos_terminal_binding" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_terminal_binding_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bound_by" integer,
	"unbound_at" timestamp with time zone,
	"unbound_by" integer
);
--> statement-breakpoint
CREATE TABLE "product_barcode" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_barcode_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"barcode" text NOT NULL,
	"product_id" integer NOT NULL,
	"pieces" integer DEFAULT 1 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_barcode_barcode_uq" UNIQUE("barcode"),
	CONSTRAINT "product_barcode_pieces_chk" CHECK ("product_barcode"."pieces" between 1 and 9999),
	CONSTRAINT "product_barcode_digits_chk" CHECK ("product_barcode"."barcode" ~ '^[0-9]{8,14}$')
);
--> statement-breakpoint
CREATE TABLE "swiftpass_merchant" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "swiftpass_merchant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"merchant_no" text NOT NULL,
	"sign_key" text,
	"sub_merchant_no" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swiftpass_merchant_store_uq" UNIQUE("store_id")
);
--> statement-breakpoint
ALTER TABLE "member_receive" ADD CONSTRAINT "member_receive_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_receive" ADD CONSTRAINT "member_receive_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_receive" ADD CONSTRAINT "member_receive_audited_by_user_account_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_receive_line" ADD CONSTRAINT "member_receive_line_receive_id_member_receive_id_fk" FOREIGN KEY ("receive_id") REFERENCES "public"."member_receive"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_receive_line" ADD CONSTRAINT "member_receive_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal" ADD CONSTRAINT "pos_terminal_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_binding" ADD CONSTRAINT "pos_terminal_binding_terminal_id_pos_terminal_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."pos_terminal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_binding" ADD CONSTRAINT "pos_terminal_binding_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_binding" ADD CONSTRAINT "pos_terminal_binding_bound_by_user_account_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_terminal_binding" ADD CONSTRAINT "pos_terminal_binding_unbound_by_user_account_id_fk" FOREIGN KEY ("unbound_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_barcode" ADD CONSTRAINT "product_barcode_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swiftpass_merchant" ADD CONSTRAINT "swiftpass_merchant_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swiftpass_merchant" ADD CONSTRAINT "swiftpass_merchant_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_receive_store_idx" ON "member_receive" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "member_receive_status_idx" ON "member_receive" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "member_receive_created_idx" ON "member_receive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "member_receive_phone_idx" ON "member_receive" USING btree ("member_phone");--> statement-breakpoint
CREATE INDEX "member_receive_line_product_idx" ON "member_receive_line" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_terminal_sn_uq" ON "pos_terminal" USING btree ("sn") WHERE "pos_terminal"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pos_terminal_store_idx" ON "pos_terminal" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "pos_terminal_created_idx" ON "pos_terminal" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "pos_terminal_binding_terminal_idx" ON "pos_terminal_binding" USING btree ("terminal_id","bound_at");--> statement-breakpoint
CREATE INDEX "pos_terminal_binding_store_idx" ON "pos_terminal_binding" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_terminal_binding_open_uq" ON "pos_terminal_binding" USING btree ("terminal_id") WHERE "pos_terminal_binding"."unbound_at" is null;--> statement-breakpoint
CREATE INDEX "product_barcode_product_idx" ON "product_barcode" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_barcode_created_idx" ON "product_barcode" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "swiftpass_merchant_updated_idx" ON "swiftpass_merchant" USING btree ("updated_at","id");