CREATE TABLE "notify_wx_menu" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"draft" jsonb,
	"draft_saved_at" timestamp with time zone,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"published_by" integer,
	CONSTRAINT "notify_wx_menu_one_chk" CHECK ("notify_wx_menu"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notifysim_menu" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"menu" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_wx_menu" ADD CONSTRAINT "notify_wx_menu_published_by_user_account_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;