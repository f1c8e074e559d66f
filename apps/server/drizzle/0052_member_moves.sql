CREATE TABLE "member_move" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_move_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"closure_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"from_store_id" integer NOT NULL,
	"to_store_id" integer NOT NULL,
	"from_home_store_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"moved_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_move_closure_member_uq" UNIQUE("closure_id","member_id"),
	CONSTRAINT "member_move_status_chk" CHECK ("member_move"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "member_move_card" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_move_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"move_id" integer NOT NULL,
	"from_card_id" integer NOT NULL,
	"to_card_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"bonus" integer NOT NULL,
	"sessions" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_move_card_from_uq" UNIQUE("from_card_id"),
	CONSTRAINT "member_move_card_to_uq" UNIQUE("to_card_id")
);
--> statement-breakpoint
CREATE TABLE "member_switch" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_switch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_store_id" integer,
	"to_store_id" integer,
	"from_phone" text,
	"to_phone" text,
	"source" text DEFAULT 'edit' NOT NULL,
	"move_id" integer,
	"created_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_switch_kind_chk" CHECK ("member_switch"."kind" in ('store', 'phone')),
	CONSTRAINT "member_switch_source_chk" CHECK ("member_switch"."source" in ('closure', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "store_closure" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_closure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"closure_no" text GENERATED ALWAYS AS ('BD' || lpad(id::text, 8, '0')) STORED NOT NULL,
	"store_id" integer NOT NULL,
	"to_store_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"reason" text,
	"locked_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "store_closure_no_uq" UNIQUE("closure_no"),
	CONSTRAINT "store_closure_status_chk" CHECK ("store_closure"."status" in ('running', 'partial', 'done'))
);
--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_closure_id_store_closure_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."store_closure"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_from_store_id_store_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_to_store_id_store_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_from_home_store_id_store_id_fk" FOREIGN KEY ("from_home_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move" ADD CONSTRAINT "member_move_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move_card" ADD CONSTRAINT "member_move_card_move_id_member_move_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."member_move"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move_card" ADD CONSTRAINT "member_move_card_from_card_id_member_card_id_fk" FOREIGN KEY ("from_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_move_card" ADD CONSTRAINT "member_move_card_to_card_id_member_card_id_fk" FOREIGN KEY ("to_card_id") REFERENCES "public"."member_card"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_switch" ADD CONSTRAINT "member_switch_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_switch" ADD CONSTRAINT "member_switch_from_store_id_store_id_fk" FOREIGN KEY ("from_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_switch" ADD CONSTRAINT "member_switch_to_store_id_store_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_switch" ADD CONSTRAINT "member_switch_move_id_member_move_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."member_move"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_switch" ADD CONSTRAINT "member_switch_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_closure" ADD CONSTRAINT "store_closure_store_id_store_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_closure" ADD CONSTRAINT "store_closure_to_store_id_store_id_fk" FOREIGN KEY ("to_store_id") REFERENCES "public"."store"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_closure" ADD CONSTRAINT "store_closure_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_move_member_idx" ON "member_move" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "member_move_closure_status_idx" ON "member_move" USING btree ("closure_id","status","id");--> statement-breakpoint
CREATE INDEX "member_move_card_move_idx" ON "member_move_card" USING btree ("move_id");--> statement-breakpoint
CREATE INDEX "member_move_card_at_idx" ON "member_move_card" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "member_switch_member_idx" ON "member_switch" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "member_switch_at_idx" ON "member_switch" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "store_closure_store_idx" ON "store_closure" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_closure_created_idx" ON "store_closure" USING btree ("created_at","id");--> statement-breakpoint
-- 会员切换记录: every change of a member's home store or phone, whoever writes it (the member form,
-- a closure's move, a script). A closure then links its row to its move (same transaction).
CREATE FUNCTION member_switch_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.store_id IS DISTINCT FROM OLD.store_id THEN
    INSERT INTO member_switch (member_id, kind, from_store_id, to_store_id, at)
    VALUES (NEW.id, 'store', OLD.store_id, NEW.store_id, now());
  END IF;
  IF NEW.phone IS DISTINCT FROM OLD.phone OR NEW.area_code IS DISTINCT FROM OLD.area_code THEN
    INSERT INTO member_switch (member_id, kind, from_phone, to_phone, at)
    VALUES (NEW.id, 'phone', OLD.area_code || ' ' || OLD.phone, NEW.area_code || ' ' || NEW.phone, now());
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_switch_record AFTER UPDATE OF store_id, phone, area_code ON member
  FOR EACH ROW EXECUTE FUNCTION member_switch_record();
