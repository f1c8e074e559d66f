CREATE TABLE "activity_model" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_model_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer NOT NULL,
	"remark" text,
	"rate" integer NOT NULL,
	"stock" integer NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	"group_size" integer,
	"group_hours" integer,
	"goods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_model_kind_chk" CHECK ("activity_model"."kind" in ('seckill', 'group', 'timed')),
	CONSTRAINT "activity_model_rules_chk" CHECK ("activity_model"."days" > 0 and "activity_model"."rate" between 1 and 99 and "activity_model"."stock" > 0 and "activity_model"."limit_per_member" >= 0 and ("activity_model"."kind" = 'group') = ("activity_model"."group_size" is not null and "activity_model"."group_hours" is not null))
);
--> statement-breakpoint
CREATE TABLE "mall_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('HD' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"group_size" integer,
	"group_hours" integer,
	"model_id" integer,
	CONSTRAINT "mall_event_code_uq" UNIQUE("code"),
	CONSTRAINT "mall_event_status_chk" CHECK ("mall_event"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "mall_event_kind_chk" CHECK ("mall_event"."kind" in ('seckill', 'group', 'timed')),
	CONSTRAINT "mall_event_days_chk" CHECK ("mall_event"."end_day" >= "mall_event"."start_day"),
	CONSTRAINT "mall_event_group_chk" CHECK (("mall_event"."kind" = 'group') = ("mall_event"."group_size" is not null and "mall_event"."group_hours" is not null) and ("mall_event"."group_size" is null or "mall_event"."group_size" between 2 and 20) and ("mall_event"."group_hours" is null or "mall_event"."group_hours" between 1 and 72))
);
--> statement-breakpoint
CREATE TABLE "mall_event_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_event_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_no" text NOT NULL,
	"event_id" integer NOT NULL,
	"leader_id" integer NOT NULL,
	"size" integer NOT NULL,
	"joined" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'forming' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"formed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_event_group_no_uq" UNIQUE("group_no"),
	CONSTRAINT "mall_event_group_status_chk" CHECK ("mall_event_group"."status" in ('forming', 'formed', 'failed')),
	CONSTRAINT "mall_event_group_joined_chk" CHECK ("mall_event_group"."joined" >= 0 and "mall_event_group"."joined" <= "mall_event_group"."size" and ("mall_event_group"."status" <> 'formed' or "mall_event_group"."joined" = "mall_event_group"."size"))
);
--> statement-breakpoint
CREATE TABLE "mall_event_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mall_event_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"line" integer NOT NULL,
	"goods_id" integer NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"limit_per_member" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mall_event_item_goods_uq" UNIQUE("event_id","goods_id"),
	CONSTRAINT "mall_event_item_chk" CHECK ("mall_event_item"."price" > 0 and "mall_event_item"."stock" >= 0 and "mall_event_item"."sold" >= 0 and "mall_event_item"."limit_per_member" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mall_order_line" DROP CONSTRAINT "mall_order_line_amount_chk";--> statement-breakpoint
ALTER TABLE "mall_order" ADD COLUMN "event_id" integer;--> statement-breakpoint
ALTER TABLE "mall_order" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "mall_order_line" ADD COLUMN "list_price" integer;--> statement-breakpoint
ALTER TABLE "activity_model" ADD CONSTRAINT "activity_model_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event" ADD CONSTRAINT "mall_event_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event" ADD CONSTRAINT "mall_event_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event" ADD CONSTRAINT "mall_event_model_id_activity_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."activity_model"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event_group" ADD CONSTRAINT "mall_event_group_event_id_mall_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mall_event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event_group" ADD CONSTRAINT "mall_event_group_leader_id_member_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event_item" ADD CONSTRAINT "mall_event_item_event_id_mall_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mall_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_event_item" ADD CONSTRAINT "mall_event_item_goods_id_mall_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."mall_goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_model_created_idx" ON "activity_model" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mall_event_created_idx" ON "mall_event" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mall_event_active_idx" ON "mall_event" USING btree ("status","start_day","end_day");--> statement-breakpoint
CREATE INDEX "mall_event_group_event_idx" ON "mall_event_group" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "mall_event_group_forming_idx" ON "mall_event_group" USING btree ("expires_at") WHERE "mall_event_group"."status" = 'forming';--> statement-breakpoint
CREATE INDEX "mall_event_item_goods_idx" ON "mall_event_item" USING btree ("goods_id");--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_event_id_mall_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mall_event"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_group_id_mall_event_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."mall_event_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_order_event_idx" ON "mall_order" USING btree ("event_id","created_at") WHERE "mall_order"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "mall_order_group_idx" ON "mall_order" USING btree ("group_id") WHERE "mall_order"."group_id" is not null;--> statement-breakpoint
ALTER TABLE "mall_order" ADD CONSTRAINT "mall_order_group_chk" CHECK ("mall_order"."group_id" is null or "mall_order"."event_id" is not null);--> statement-breakpoint
ALTER TABLE "mall_order_line" ADD CONSTRAINT "mall_order_line_amount_chk" CHECK ("mall_order_line"."quantity" > 0 and "mall_order_line"."price" >= 0 and "mall_order_line"."amount" = "mall_order_line"."price" * "mall_order_line"."quantity" and ("mall_order_line"."list_price" is null or "mall_order_line"."list_price" >= "mall_order_line"."price"));