CREATE TABLE "card_handling" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_handling_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_card_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"project_id" integer,
	"sessions" integer DEFAULT 0 NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "card_handling_action_chk" CHECK ("card_handling"."action" in ('freeze', 'unfreeze', 'adjust')),
	CONSTRAINT "card_handling_status_chk" CHECK ("card_handling"."status" in ('done', 'pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "card_handling" ADD CONSTRAINT "card_handling_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_handling" ADD CONSTRAINT "card_handling_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_handling" ADD CONSTRAINT "card_handling_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_handling" ADD CONSTRAINT "card_handling_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_handling_card_idx" ON "card_handling" USING btree ("member_card_id","id");--> statement-breakpoint
CREATE INDEX "card_handling_approval_idx" ON "card_handling" USING btree ("approval_id");