CREATE TABLE "notify_attempt" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"code" text NOT NULL,
	"detail" text,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"event" text,
	"member_id" integer,
	"store_id" integer,
	"recipient" text NOT NULL,
	"template_id" integer,
	"template_name" text,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"provider_id" text,
	"segments" integer DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notify_message_channel_chk" CHECK ("notify_message"."channel" in ('sms', 'wxTemplate', 'wxSubscribe')),
	CONSTRAINT "notify_message_status_chk" CHECK ("notify_message"."status" in ('queued', 'sent', 'failed', 'skipped')),
	CONSTRAINT "notify_message_event_chk" CHECK ("notify_message"."event" in ('evaInvite', 'billNotice', 'birthday'))
);
--> statement-breakpoint
CREATE TABLE "notify_sms_optout" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_sms_optout_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_sms_optout_phone_uq" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "notify_sms_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_sms_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"event" text NOT NULL,
	"sign_name" text NOT NULL,
	"provider_code" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_sms_template_name_uq" UNIQUE("name"),
	CONSTRAINT "notify_sms_template_event_chk" CHECK ("notify_sms_template"."event" in ('evaInvite', 'billNotice', 'birthday'))
);
--> statement-breakpoint
CREATE TABLE "notify_subscription" (
	"member_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_subscription_pk" PRIMARY KEY("member_id","template_id"),
	CONSTRAINT "notify_subscription_remaining_chk" CHECK ("notify_subscription"."remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notify_vip_notice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_vip_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"sms_template_id" integer,
	"wx_template_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_vip_notice_event_uq" UNIQUE("event"),
	CONSTRAINT "notify_vip_notice_event_chk" CHECK ("notify_vip_notice"."event" in ('evaInvite', 'billNotice', 'birthday'))
);
--> statement-breakpoint
CREATE TABLE "notify_wx_subscribe" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_wx_subscribe_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"title" text NOT NULL,
	"template_id" text NOT NULL,
	"page" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields_text" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_wx_subscribe_event_uq" UNIQUE("event"),
	CONSTRAINT "notify_wx_subscribe_event_chk" CHECK ("notify_wx_subscribe"."event" in ('evaInvite', 'billNotice', 'birthday'))
);
--> statement-breakpoint
CREATE TABLE "notify_wx_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notify_wx_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"event" text NOT NULL,
	"template_id" text NOT NULL,
	"url" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields_text" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_wx_template_title_uq" UNIQUE("title"),
	CONSTRAINT "notify_wx_template_event_chk" CHECK ("notify_wx_template"."event" in ('evaInvite', 'billNotice', 'birthday'))
);
--> statement-breakpoint
CREATE TABLE "notify_wx_user" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"mp_open_id" text,
	"mini_open_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifysim_fault" (
	"channel" text PRIMARY KEY NOT NULL,
	"fail_next" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifysim_message" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifysim_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template_id" text NOT NULL,
	"params" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_attempt" ADD CONSTRAINT "notify_attempt_message_id_notify_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."notify_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_message" ADD CONSTRAINT "notify_message_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_message" ADD CONSTRAINT "notify_message_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_message" ADD CONSTRAINT "notify_message_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_sms_optout" ADD CONSTRAINT "notify_sms_optout_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_subscription" ADD CONSTRAINT "notify_subscription_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_vip_notice" ADD CONSTRAINT "notify_vip_notice_sms_template_id_notify_sms_template_id_fk" FOREIGN KEY ("sms_template_id") REFERENCES "public"."notify_sms_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_vip_notice" ADD CONSTRAINT "notify_vip_notice_wx_template_id_notify_wx_template_id_fk" FOREIGN KEY ("wx_template_id") REFERENCES "public"."notify_wx_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_wx_user" ADD CONSTRAINT "notify_wx_user_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_attempt_message_idx" ON "notify_attempt" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_message_ref_uq" ON "notify_message" USING btree ("channel","event","ref_type","ref_id","member_id") WHERE "notify_message"."ref_type" is not null;--> statement-breakpoint
CREATE INDEX "notify_message_due_idx" ON "notify_message" USING btree ("next_at") WHERE "notify_message"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "notify_message_recipient_idx" ON "notify_message" USING btree ("recipient","sent_at");--> statement-breakpoint
CREATE INDEX "notify_message_channel_idx" ON "notify_message" USING btree ("channel","created_at");--> statement-breakpoint
CREATE INDEX "notify_message_store_idx" ON "notify_message" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "notify_message_member_idx" ON "notify_message" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_wx_user_mp_uq" ON "notify_wx_user" USING btree ("mp_open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_wx_user_mini_uq" ON "notify_wx_user" USING btree ("mini_open_id");--> statement-breakpoint
CREATE INDEX "notifysim_message_recipient_idx" ON "notifysim_message" USING btree ("recipient");