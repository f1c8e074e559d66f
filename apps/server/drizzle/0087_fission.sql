CREATE TABLE "fission_act" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fission_act_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text GENERATED ALWAYS AS ('LX' || lpad(id::text, 6, '0')) STORED NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"remark" text,
	"approval_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"friend_coupon_template_id" integer,
	"sharer_coupon_template_id" integer,
	"sharer_every" integer DEFAULT 1 NOT NULL,
	"sharer_max" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "fission_act_code_uq" UNIQUE("code"),
	CONSTRAINT "fission_act_status_chk" CHECK ("fission_act"."status" in ('draft', 'pending', 'active', 'rejected', 'ended', 'disabled')),
	CONSTRAINT "fission_act_rule_chk" CHECK ("fission_act"."sharer_every" > 0 and "fission_act"."sharer_max" > 0 and "fission_act"."end_day" >= "fission_act"."start_day")
);
--> statement-breakpoint
CREATE TABLE "fission_node" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fission_node_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"act_id" integer NOT NULL,
	"client_id" integer,
	"fission_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"sharer_id" integer NOT NULL,
	"parent_id" integer,
	"level" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"friend_coupon" boolean DEFAULT false NOT NULL,
	"sharer_rewarded" boolean DEFAULT false NOT NULL,
	"note" text,
	CONSTRAINT "fission_node_no_uq" UNIQUE("client_id","fission_no"),
	CONSTRAINT "fission_node_member_uq" UNIQUE("act_id","member_id"),
	CONSTRAINT "fission_node_level_chk" CHECK ("fission_node"."level" > 0 and "fission_node"."member_id" <> "fission_node"."sharer_id")
);
--> statement-breakpoint
ALTER TABLE "coupon_issue" DROP CONSTRAINT "coupon_issue_source_chk";--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" DROP CONSTRAINT "coupon_issue_failure_source_chk";--> statement-breakpoint
ALTER TABLE "member_coupon" DROP CONSTRAINT "member_coupon_source_chk";--> statement-breakpoint
ALTER TABLE "fission_act" ADD CONSTRAINT "fission_act_approval_id_approval_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_act" ADD CONSTRAINT "fission_act_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_act" ADD CONSTRAINT "fission_act_friend_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("friend_coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_act" ADD CONSTRAINT "fission_act_sharer_coupon_template_id_coupon_template_id_fk" FOREIGN KEY ("sharer_coupon_template_id") REFERENCES "public"."coupon_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_node" ADD CONSTRAINT "fission_node_act_id_fission_act_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."fission_act"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_node" ADD CONSTRAINT "fission_node_client_id_open_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."open_client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_node" ADD CONSTRAINT "fission_node_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_node" ADD CONSTRAINT "fission_node_sharer_id_member_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fission_node" ADD CONSTRAINT "fission_node_parent_id_fission_node_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."fission_node"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fission_act_created_idx" ON "fission_act" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "fission_node_act_idx" ON "fission_node" USING btree ("act_id","at");--> statement-breakpoint
CREATE INDEX "fission_node_sharer_idx" ON "fission_node" USING btree ("act_id","sharer_id");--> statement-breakpoint
ALTER TABLE "coupon_issue" ADD CONSTRAINT "coupon_issue_source_chk" CHECK ("coupon_issue"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift', 'fission'));--> statement-breakpoint
ALTER TABLE "coupon_issue_failure" ADD CONSTRAINT "coupon_issue_failure_source_chk" CHECK ("coupon_issue_failure"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift', 'fission'));--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_source_chk" CHECK ("member_coupon"."source" in ('members', 'store', 'import', 'crowd', 'resend', 'promotion', 'activity', 'gift', 'bossGift', 'fission'));