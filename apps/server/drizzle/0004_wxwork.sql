CREATE TABLE "wxsim_login" (
	"state" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"userid" text,
	"code" text,
	"confirmed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "wxsim_login_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wxsim_token" (
	"token" text PRIMARY KEY NOT NULL,
	"corp_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "wxwork_userid" text;--> statement-breakpoint
CREATE INDEX "wxsim_login_created_idx" ON "wxsim_login" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wxsim_token_expires_idx" ON "wxsim_token" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_wxwork_userid_unique" UNIQUE("wxwork_userid");