CREATE TABLE "approval" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sp_no" text NOT NULL,
	"type" text NOT NULL,
	"applicant_id" integer NOT NULL,
	"store_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decider_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	CONSTRAINT "approval_sp_no_unique" UNIQUE("sp_no"),
	CONSTRAINT "approval_status_chk" CHECK ("approval"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "approval_event" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"approval_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"comment" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_event_action_chk" CHECK ("approval_event"."action" in ('submit', 'approve', 'reject', 'authorize'))
);
--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_applicant_id_user_account_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval" ADD CONSTRAINT "approval_decider_id_user_account_id_fk" FOREIGN KEY ("decider_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_event" ADD CONSTRAINT "approval_event_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_event" ADD CONSTRAINT "approval_event_actor_id_user_account_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_created_idx" ON "approval" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approval_status_created_idx" ON "approval" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_applicant_idx" ON "approval" USING btree ("applicant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_one_pending_uq" ON "approval" USING btree ("applicant_id","type") WHERE "approval"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_event_approval_idx" ON "approval_event" USING btree ("approval_id","at");