CREATE TABLE "consume_item_chain_day" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consume_item_chain_day_day_item_kind_item_id_pk" PRIMARY KEY("day","item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "consume_item_chain_month" (
	"month" date NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "consume_item_chain_month_month_item_kind_item_id_pk" PRIMARY KEY("month","item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "staff_share_day" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"line_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"line_amount" bigint DEFAULT 0 NOT NULL,
	"line_refunded" bigint DEFAULT 0 NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_share_day_day_staff_id_line_kind_store_id_pk" PRIMARY KEY("day","staff_id","line_kind","store_id")
);
--> statement-breakpoint
CREATE TABLE "staff_share_delta" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"line_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"line_amount" bigint DEFAULT 0 NOT NULL,
	"line_refunded" bigint DEFAULT 0 NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_share_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"line_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"line_amount" bigint DEFAULT 0 NOT NULL,
	"line_refunded" bigint DEFAULT 0 NOT NULL,
	"performance" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"bills" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "staff_share_month_month_staff_id_line_kind_store_id_pk" PRIMARY KEY("month","staff_id","line_kind","store_id")
);
--> statement-breakpoint
CREATE INDEX "bill_share_performance_idx" ON "bill_share" USING btree ("performance","id");--> statement-breakpoint
CREATE INDEX "member_consume_refunded_at_idx" ON "member_consume" USING btree ("consumed_at") WHERE "member_consume"."refunded" > 0;--> statement-breakpoint
-- Filled from the store-level item rollups, which migration 0032 filled from the bill lines and the
-- writers keep (their unfolded deltas are folded into both levels later): the chain's rows are their
-- sums over the stores, as `npm run rollups -- --rebuild` builds them.
INSERT INTO "consume_item_chain_day" ("day", "item_kind", "item_id", "n", "quantity", "amount")
  SELECT "day", "item_kind", "item_id", sum("n"), sum("quantity"), sum("amount")
  FROM "consume_item_day" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "consume_item_chain_month" ("month", "item_kind", "item_id", "n", "quantity", "amount")
  SELECT "month", "item_kind", "item_id", sum("n"), sum("quantity"), sum("amount")
  FROM "consume_item_month" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The staff share rollups from every share of the bills that stand (not closed), as
-- `npm run rollups -- --rebuild` builds them (modules/members/rollups.ts staffShareRows): per bill
-- first, then per Beijing day × the bill's store × staff (0: any) × line kind ('': any), each row
-- adding up the shares at its grain.
INSERT INTO "staff_share_day" ("day", "store_id", "staff_id", "line_kind", "n", "line_amount", "line_refunded", "performance", "commission", "bills")
  SELECT day, store_id, staff_id, line_kind, sum(n), sum(line_amount), sum(line_refunded), sum(performance), sum(commission), count(*)
  FROM (
    SELECT c.id, (c.consumed_at AT TIME ZONE 'Asia/Shanghai')::date AS day, c.store_id,
      coalesce(b.staff_id, 0) AS staff_id, coalesce(l.item_kind, '') AS line_kind, count(*) AS n,
      sum(l.amount) AS line_amount, sum(l.refunded) AS line_refunded,
      sum(b.performance - coalesce(round(b.performance::numeric * l.refunded / nullif(l.amount, 0)), 0)::int) AS performance,
      sum(b.commission - coalesce(round(b.commission::numeric * l.refunded / nullif(l.amount, 0)), 0)::int) AS commission
    FROM member_consume c
    JOIN bill_share b ON b.consume_id = c.id
    JOIN member_consume_line l ON l.consume_id = b.consume_id AND l.line = b.line
    WHERE c.status <> 'closed'
    GROUP BY GROUPING SETS ((c.id, c.consumed_at, c.store_id, b.staff_id, l.item_kind), (c.id, c.consumed_at, c.store_id, b.staff_id),
      (c.id, c.consumed_at, c.store_id, l.item_kind), (c.id, c.consumed_at, c.store_id))
  ) x
  GROUP BY day, store_id, staff_id, line_kind;
--> statement-breakpoint
INSERT INTO "staff_share_month" ("month", "store_id", "staff_id", "line_kind", "n", "line_amount", "line_refunded", "performance", "commission", "bills")
  SELECT date_trunc('month', day)::date, store_id, staff_id, line_kind, sum(n), sum(line_amount), sum(line_refunded), sum(performance), sum(commission), sum(bills)
  FROM "staff_share_day" GROUP BY 1, 2, 3, 4;
