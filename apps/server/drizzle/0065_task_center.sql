CREATE TABLE "task_msg" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_msg_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" integer NOT NULL,
	"msg_type" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"deadline" timestamp with time zone,
	"templete_id" integer,
	"created_by" integer,
	"store_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_msg_kind_chk" CHECK ("task_msg"."kind" in (1, 2)),
	CONSTRAINT "task_msg_deadline_chk" CHECK (("task_msg"."kind" = 2) = ("task_msg"."deadline" is not null)),
	CONSTRAINT "task_msg_counts_chk" CHECK ("task_msg"."read_count" between 0 and "task_msg"."store_count" and "task_msg"."answer_count" between 0 and "task_msg"."store_count")
);
--> statement-breakpoint
CREATE TABLE "task_msg_store" (
	"task_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"result" text,
	"overdue_noticed_at" timestamp with time zone,
	CONSTRAINT "task_msg_store_task_id_store_id_pk" PRIMARY KEY("task_id","store_id"),
	CONSTRAINT "task_msg_store_answer_chk" CHECK (("task_msg_store"."answered_at" is null) = ("task_msg_store"."result" is null))
);
--> statement-breakpoint
CREATE TABLE "task_templete" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_templete_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"msg_type" integer NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_templete_name_unique" UNIQUE("name"),
	CONSTRAINT "task_templete_msg_type_chk" CHECK ("task_templete"."msg_type" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "notice" DROP CONSTRAINT "notice_type_chk";--> statement-breakpoint
ALTER TABLE "task_msg" ADD CONSTRAINT "task_msg_templete_id_task_templete_id_fk" FOREIGN KEY ("templete_id") REFERENCES "public"."task_templete"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_msg" ADD CONSTRAINT "task_msg_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_msg_store" ADD CONSTRAINT "task_msg_store_task_id_task_msg_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task_msg"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_msg_store" ADD CONSTRAINT "task_msg_store_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_msg_kind_created_idx" ON "task_msg" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_msg_creator_idx" ON "task_msg" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "task_msg_store_store_idx" ON "task_msg_store" USING btree ("store_id","task_id");--> statement-breakpoint
CREATE INDEX "task_msg_store_pending_idx" ON "task_msg_store" USING btree ("task_id") WHERE "task_msg_store"."answered_at" is null and "task_msg_store"."overdue_noticed_at" is null;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_type_chk" CHECK ("notice"."type" in (1, 2, 3, 4));