-- Rollups of the bills for 卡项排行 (耗卡 per day/month × the store drawn at × card product) and 产品消耗
-- (bill lines per day/month × the bill's store × project or product), kept by the ledger's writer
-- (modules/members/rollups.ts addToBillRollups) and filled here from the facts already there.
-- 卡项排行 reads the cards opened in the period from member_card_opened_idx alone.
CREATE TABLE "card_draw_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_draw_day_day_store_id_card_id_card_kind_pk" PRIMARY KEY("day","store_id","card_id","card_kind")
);
--> statement-breakpoint
CREATE TABLE "card_draw_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "card_draw_month_month_store_id_card_id_card_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind")
);
--> statement-breakpoint
CREATE TABLE "consume_item_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consume_item_day_day_store_id_item_kind_item_id_pk" PRIMARY KEY("day","store_id","item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "consume_item_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consume_item_month_month_store_id_item_kind_item_id_pk" PRIMARY KEY("month","store_id","item_kind","item_id")
);
--> statement-breakpoint
DROP INDEX "member_card_opened_idx";--> statement-breakpoint
CREATE INDEX "member_card_opened_idx" ON "member_card" USING btree ("opened_at","store_id","card_id","kind","member_id","paid");--> statement-breakpoint
INSERT INTO "card_draw_day" ("day", "store_id", "card_id", "card_kind", "n", "sessions", "amount")
  SELECT (l."at" AT TIME ZONE 'Asia/Shanghai')::date, l."store_id", c."card_id", c."kind", count(*),
    -coalesce(sum(l."sessions"), 0), -sum(l."amount" + l."bonus_amount")
  FROM "card_ledger" l JOIN "member_card" c ON c."id" = l."member_card_id"
  WHERE l."kind" = 'consume' GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "card_draw_month" ("month", "store_id", "card_id", "card_kind", "n", "sessions", "amount")
  SELECT date_trunc('month', "day")::date, "store_id", "card_id", "card_kind", sum("n"), sum("sessions"), sum("amount")
  FROM "card_draw_day" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "consume_item_day" ("day", "store_id", "item_kind", "item_id", "n", "quantity", "amount")
  SELECT (c."consumed_at" AT TIME ZONE 'Asia/Shanghai')::date, c."store_id", l."item_kind",
    coalesce(l."project_id", l."product_id"), count(*), sum(l."quantity"), sum(l."amount")
  FROM "member_consume_line" l JOIN "member_consume" c ON c."id" = l."consume_id" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "consume_item_month" ("month", "store_id", "item_kind", "item_id", "n", "quantity", "amount")
  SELECT date_trunc('month', "day")::date, "store_id", "item_kind", "item_id", sum("n"), sum("quantity"), sum("amount")
  FROM "consume_item_day" GROUP BY 1, 2, 3, 4;