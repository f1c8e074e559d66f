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
