CREATE TABLE "card_draw_delta" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consume_item_delta" (
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_flow_delta" (
	"fam" smallint NOT NULL,
	"day" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"kind" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"holders" integer DEFAULT 0 NOT NULL
);
