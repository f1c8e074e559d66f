CREATE TABLE "member_store_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"last_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_store_day_day_store_id_pk" PRIMARY KEY("day","store_id")
);
--> statement-breakpoint
CREATE TABLE "member_store_delta" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"last_visits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_store_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"last_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_store_month_month_store_id_pk" PRIMARY KEY("month","store_id")
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "last_visit_day" date;--> statement-breakpoint
ALTER TABLE "member_card" ADD COLUMN "sessions_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_card" ADD COLUMN "sessions_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "cards_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "cards_valid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "stored_valid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "sessions_valid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "cards_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_rollup_state" ADD COLUMN "as_of" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "member_card_expires_idx" ON "member_card" USING btree ("expires_at");--> statement-breakpoint
-- Filled from the facts on a database that already has them (before the triggers exist).
UPDATE "member_card" c SET "sessions_left" = s.l, "sessions_total" = s.t
  FROM (SELECT "member_card_id", sum("remaining")::int AS l, sum("total")::int AS t
        FROM "member_card_session" GROUP BY 1) s
  WHERE s."member_card_id" = c."id";--> statement-breakpoint
-- Each member's last bill day and cards as of now, in one pass over the members.
UPDATE "member" m SET "last_visit_day" = v.d, "cards_held" = coalesce(x.held, 0), "cards_valid" = coalesce(x.valid, 0),
    "stored_valid" = coalesce(x.stored, 0), "sessions_valid" = coalesce(x.sessions, 0), "cards_as_of" = now()
  FROM "member" y
  LEFT JOIN (SELECT "member_id", max(("consumed_at" AT TIME ZONE 'Asia/Shanghai')::date) AS d
        FROM "member_consume" GROUP BY 1) v ON v."member_id" = y."id"
  LEFT JOIN (SELECT "member_id", count(*)::int AS held,
        (count(*) FILTER (WHERE "status" = 'active' AND "expires_at" > now()))::int AS valid,
        (sum("balance" + "bonus_balance") FILTER (WHERE "kind" = 'stored' AND "status" = 'active' AND "expires_at" > now()))::int AS stored,
        (sum("sessions_left") FILTER (WHERE "status" = 'active' AND "expires_at" > now()))::int AS sessions
        FROM "member_card" GROUP BY 1) x ON x."member_id" = y."id"
  WHERE m."id" = y."id";--> statement-breakpoint
INSERT INTO "member_rollup_state" ("name", "as_of") VALUES ('member_cards', now())
  ON CONFLICT ("name") DO UPDATE SET "as_of" = excluded."as_of";--> statement-breakpoint
INSERT INTO "member_store_day" ("day", "store_id", "joined", "last_visits")
  SELECT d, s, sum(j), sum(v) FROM (
    SELECT ("joined_at" AT TIME ZONE 'Asia/Shanghai')::date AS d, "store_id" AS s, 1 AS j, 0 AS v FROM "member"
    UNION ALL SELECT "last_visit_day", "store_id", 0, 1 FROM "member" WHERE "last_visit_day" IS NOT NULL
  ) x GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
INSERT INTO "member_store_month" ("month", "store_id", "joined", "last_visits")
  SELECT date_trunc('month', "day")::date, "store_id", sum("joined"), sum("last_visits")
  FROM "member_store_day" GROUP BY 1, 2 ORDER BY 1, 2;--> statement-breakpoint
-- A 套餐卡's sessions left and in all follow its member_card_session rows, in their transaction.
CREATE FUNCTION "member_card_session_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."member_card_id" = NEW."member_card_id" THEN
    IF OLD."remaining" <> NEW."remaining" OR OLD."total" <> NEW."total" THEN
      UPDATE "member_card" SET "sessions_left" = "sessions_left" + NEW."remaining" - OLD."remaining",
        "sessions_total" = "sessions_total" + NEW."total" - OLD."total"
      WHERE "id" = NEW."member_card_id";
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "member_card" SET "sessions_left" = "sessions_left" - OLD."remaining", "sessions_total" = "sessions_total" - OLD."total"
    WHERE "id" = OLD."member_card_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "member_card" SET "sessions_left" = "sessions_left" + NEW."remaining", "sessions_total" = "sessions_total" + NEW."total"
    WHERE "id" = NEW."member_card_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_card_session_sums" AFTER INSERT OR UPDATE OR DELETE ON "member_card_session"
  FOR EACH ROW EXECUTE FUNCTION "member_card_session_sums"();--> statement-breakpoint
-- A bill moves its member's last bill day forward (a conditional update: concurrent bills of one
-- member take turns on the member's row and the later day wins); a bill deleted or re-dated
-- recomputes it from the member's bills.
CREATE FUNCTION "member_consume_last_visit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "member" SET "last_visit_day" = (NEW."consumed_at" AT TIME ZONE 'Asia/Shanghai')::date
    WHERE "id" = NEW."member_id"
      AND ("last_visit_day" IS NULL OR "last_visit_day" < (NEW."consumed_at" AT TIME ZONE 'Asia/Shanghai')::date);
    RETURN NULL;
  END IF;
  UPDATE "member" m SET "last_visit_day" = (SELECT max((c."consumed_at" AT TIME ZONE 'Asia/Shanghai')::date)
      FROM "member_consume" c WHERE c."member_id" = m."id")
  WHERE m."id" = OLD."member_id";
  IF TG_OP = 'UPDATE' AND NEW."member_id" <> OLD."member_id" THEN
    UPDATE "member" m SET "last_visit_day" = (SELECT max((c."consumed_at" AT TIME ZONE 'Asia/Shanghai')::date)
        FROM "member_consume" c WHERE c."member_id" = m."id")
    WHERE m."id" = NEW."member_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_consume_last_visit" AFTER INSERT OR DELETE OR UPDATE OF "member_id", "consumed_at" ON "member_consume"
  FOR EACH ROW EXECUTE FUNCTION "member_consume_last_visit"();--> statement-breakpoint
-- A member added, moved to another store, re-dated or billed on a later day: the member rollup's
-- change appended to member_store_delta (no row shared with another writer), folded before reads.
CREATE FUNCTION "member_store_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rebuild (modules/members/rollups.ts) sets this while it rewrites the members' last bill
  -- days: it then builds the rollup from the members itself.
  IF current_setting('zb.member_store_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "member_store_delta" ("day", "store_id", "joined", "last_visits")
    SELECT x.d, OLD."store_id", sum(x.j), sum(x.v)
    FROM (VALUES ((OLD."joined_at" AT TIME ZONE 'Asia/Shanghai')::date, -1, 0), (OLD."last_visit_day", 0, -1)) AS x(d, j, v)
    WHERE x.d IS NOT NULL GROUP BY x.d;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "member_store_delta" ("day", "store_id", "joined", "last_visits")
    SELECT x.d, NEW."store_id", sum(x.j), sum(x.v)
    FROM (VALUES ((NEW."joined_at" AT TIME ZONE 'Asia/Shanghai')::date, 1, 0), (NEW."last_visit_day", 0, 1)) AS x(d, j, v)
    WHERE x.d IS NOT NULL GROUP BY x.d;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_store_days" AFTER INSERT OR DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION "member_store_days"();--> statement-breakpoint
CREATE TRIGGER "member_store_days_moved" AFTER UPDATE OF "store_id", "joined_at", "last_visit_day" ON "member"
  FOR EACH ROW WHEN (OLD."store_id" <> NEW."store_id" OR OLD."joined_at" <> NEW."joined_at"
    OR OLD."last_visit_day" IS DISTINCT FROM NEW."last_visit_day")
  EXECUTE FUNCTION "member_store_days"();
--> statement-breakpoint
-- A member's cards held and valid, recomputed from their cards (a few rows by member_card_member_idx)
-- whenever one of them changes, as of that transaction's moment (cards_as_of); the cards that
-- expire later are the fold's (foldCardExpiries, modules/members/rollups.ts).
CREATE FUNCTION "member_card_holdings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
  mid integer;
BEGIN
  IF current_setting('zb.member_store_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || NEW."member_id";
  END IF;
  IF TG_OP <> 'INSERT' AND NOT (OLD."member_id" = ANY (ids)) THEN
    ids := ids || OLD."member_id";
  END IF;
  FOREACH mid IN ARRAY ids
  LOOP
    -- The member first, then the sums in a statement of their own: a writer on another card of
    -- the member waits here for this one to commit and then reads its cards as committed (an
    -- UPDATE that waited on the row would keep the sums of its own older snapshot).
    PERFORM 1 FROM "member" WHERE "id" = mid FOR NO KEY UPDATE;
    UPDATE "member" m SET "cards_held" = x.held, "cards_valid" = x.valid, "stored_valid" = x.stored,
        "sessions_valid" = x.sessions, "cards_as_of" = now()
      FROM (SELECT count(*)::int AS held,
          (count(*) FILTER (WHERE c."status" = 'active' AND c."expires_at" > now()))::int AS valid,
          coalesce(sum(c."balance" + c."bonus_balance") FILTER (WHERE c."kind" = 'stored' AND c."status" = 'active' AND c."expires_at" > now()), 0)::int AS stored,
          coalesce(sum(c."sessions_left") FILTER (WHERE c."status" = 'active' AND c."expires_at" > now()), 0)::int AS sessions
        FROM "member_card" c WHERE c."member_id" = mid) x
      WHERE m."id" = mid;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_card_holdings" AFTER INSERT OR DELETE ON "member_card"
  FOR EACH ROW EXECUTE FUNCTION "member_card_holdings"();--> statement-breakpoint
CREATE TRIGGER "member_card_holdings_changed" AFTER UPDATE OF "member_id", "kind", "status", "expires_at", "balance",
    "bonus_balance", "sessions_left" ON "member_card"
  FOR EACH ROW EXECUTE FUNCTION "member_card_holdings"();
