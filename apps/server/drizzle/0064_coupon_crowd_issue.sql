ALTER TABLE "coupon_issue" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD COLUMN "snapshot_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD COLUMN "done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD COLUMN "after_member_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_snapshot_id_crowd_snapshot_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."crowd_snapshot"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_issue_running_idx" ON "coupon_issue" USING btree ("id") WHERE "coupon_issue"."state" = 'running';--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_state_chk" CHECK ("coupon_issue"."state" in ('running', 'done', 'failed'));--> statement-breakpoint
-- Issues before this migration were done at once: all their members gone through.
UPDATE "coupon_issue" SET "done" = "requested";
