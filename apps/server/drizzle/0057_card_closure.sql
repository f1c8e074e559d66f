CREATE TABLE "card_closure" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_closure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"member_card_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"reason" text NOT NULL,
	"new_card_no" text,
	"new_member_card_id" integer,
	"rule" text,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "card_closure_kind_chk" CHECK ("card_closure"."kind" in ('reissue', 'cancel')),
	CONSTRAINT "card_closure_status_chk" CHECK ("card_closure"."status" in ('pending', 'executed', 'rejected')),
	CONSTRAINT "card_closure_fields_chk" CHECK (("card_closure"."kind" = 'reissue' and "card_closure"."new_card_no" is not null and "card_closure"."rule" is null and "card_closure"."refund_amount" = 0)
        or ("card_closure"."kind" = 'cancel' and "card_closure"."new_card_no" is null and (("card_closure"."rule" = 'refund' and "card_closure"."refund_amount" >= 0) or ("card_closure"."rule" = 'forfeit' and "card_closure"."refund_amount" = 0))))
);
--> statement-breakpoint
ALTER TABLE "member_card" DROP CONSTRAINT "member_card_status_chk";--> statement-breakpoint
ALTER TABLE "member_card" ADD COLUMN "predecessor_id" integer;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_member_card_id_member_card_id_fk" FOREIGN KEY ("member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_new_member_card_id_member_card_id_fk" FOREIGN KEY ("new_member_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_closure" ADD CONSTRAINT "card_closure_decided_by_user_account_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_closure_card_idx" ON "card_closure" USING btree ("member_card_id","id");--> statement-breakpoint
CREATE INDEX "card_closure_approval_idx" ON "card_closure" USING btree ("approval_id");--> statement-breakpoint
CREATE INDEX "card_closure_created_idx" ON "card_closure" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_closure_pending_uq" ON "card_closure" USING btree ("member_card_id") WHERE "card_closure"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "card_closure_new_no_uq" ON "card_closure" USING btree ("new_card_no") WHERE "card_closure"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_predecessor_id_member_card_id_fk" FOREIGN KEY ("predecessor_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_card" ADD CONSTRAINT "member_card_status_chk" CHECK ("member_card"."status" in ('active', 'frozen', 'closed', 'cancelled'));