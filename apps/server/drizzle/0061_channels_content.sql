CREATE TABLE "channel" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "channel_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_name_uq" UNIQUE("name"),
	CONSTRAINT "channel_kind_chk" CHECK ("channel"."kind" in ('store', 'staff', 'online', 'offline', 'other'))
);
--> statement-breakpoint
CREATE TABLE "qr_code" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('QR' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"channel_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"store_id" integer,
	"staff_id" integer,
	"target" text NOT NULL,
	"page_path" text,
	"params" text,
	"status" text DEFAULT 'active' NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_code_code_uq" UNIQUE("code"),
	CONSTRAINT "qr_code_owner_kind_chk" CHECK ("qr_code"."owner_kind" in ('channel', 'store', 'staff')),
	CONSTRAINT "qr_code_target_chk" CHECK ("qr_code"."target" in ('register', 'page')),
	CONSTRAINT "qr_code_status_chk" CHECK ("qr_code"."status" in ('active', 'disabled')),
	CONSTRAINT "qr_code_owner_chk" CHECK (("qr_code"."owner_kind" = 'channel' and "qr_code"."store_id" is null and "qr_code"."staff_id" is null)
        or ("qr_code"."owner_kind" = 'store' and "qr_code"."store_id" is not null and "qr_code"."staff_id" is null)
        or ("qr_code"."owner_kind" = 'staff' and "qr_code"."store_id" is not null and "qr_code"."staff_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "qr_registration" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_registration_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"qr_code_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"store_id" integer,
	"staff_id" integer,
	"registered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_registration_member_uq" UNIQUE("member_id")
);
--> statement-breakpoint
CREATE TABLE "qr_scan" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qr_scan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"qr_code_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"scan_no" text NOT NULL,
	"open_id" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_scan_sender_uq" UNIQUE("client_id","scan_no")
);
--> statement-breakpoint
CREATE TABLE "soft_text" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "soft_text_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"category" text NOT NULL,
	"cover" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"content" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"reads" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soft_text_category_chk" CHECK ("soft_text"."category" in ('knowledge', 'event', 'brand', 'benefit')),
	CONSTRAINT "soft_text_status_chk" CHECK ("soft_text"."status" in ('draft', 'published', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "soft_text_read" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "soft_text_read_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"soft_text_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"read_no" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "soft_text_read_sender_uq" UNIQUE("client_id","read_no")
);
--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_registration" ADD CONSTRAINT "qr_registration_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_registration" ADD CONSTRAINT "qr_registration_qr_code_id_qr_code_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_registration" ADD CONSTRAINT "qr_registration_channel_id_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_registration" ADD CONSTRAINT "qr_registration_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_registration" ADD CONSTRAINT "qr_registration_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan" ADD CONSTRAINT "qr_scan_qr_code_id_qr_code_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_code"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_text" ADD CONSTRAINT "soft_text_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soft_text_read" ADD CONSTRAINT "soft_text_read_soft_text_id_soft_text_id_fk" FOREIGN KEY ("soft_text_id") REFERENCES "public"."soft_text"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_code_channel_idx" ON "qr_code" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "qr_code_store_idx" ON "qr_code" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "qr_code_created_idx" ON "qr_code" USING btree ("created_at","code");--> statement-breakpoint
CREATE INDEX "qr_registration_code_at_idx" ON "qr_registration" USING btree ("qr_code_id","registered_at");--> statement-breakpoint
CREATE INDEX "qr_scan_code_at_idx" ON "qr_scan" USING btree ("qr_code_id","scanned_at");--> statement-breakpoint
CREATE INDEX "soft_text_updated_idx" ON "soft_text" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "soft_text_read_text_idx" ON "soft_text_read" USING btree ("soft_text_id","read_at");