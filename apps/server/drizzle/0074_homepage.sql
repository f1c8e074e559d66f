CREATE TABLE "home_draft" (
	"id" integer PRIMARY KEY NOT NULL,
	"doc" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer,
	CONSTRAINT "home_draft_one_chk" CHECK ("home_draft"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "home_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "home_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer NOT NULL,
	"doc" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "home_version_version_uq" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "home_draft" ADD CONSTRAINT "home_draft_saved_by_user_account_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_version" ADD CONSTRAINT "home_version_published_by_user_account_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;