CREATE TABLE "member_card_balance_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"holders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_card_balance_month_month_store_id_card_id_card_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind")
);
--> statement-breakpoint
CREATE TABLE "member_card_flow_day" (
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
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_card_flow_day_day_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("day","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
CREATE TABLE "member_card_flow_month" (
	"month" date NOT NULL,
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
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_card_flow_month_month_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
CREATE TABLE "member_store_balance_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"holders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_store_balance_month_month_store_id_card_id_card_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind")
);
--> statement-breakpoint
CREATE TABLE "member_store_flow_day" (
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
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_store_flow_day_day_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("day","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
CREATE TABLE "member_store_flow_month" (
	"month" date NOT NULL,
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
	"holders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_store_flow_month_month_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
ALTER TABLE "member_balance_month" ADD COLUMN "held" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_balance_month" ADD COLUMN "holders" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_flow_day" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_flow_day" ADD COLUMN "holders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_flow_month" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_flow_month" ADD COLUMN "holders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The new families and the hold rows are built by a rebuild: without the watermark row, the server
-- rebuilds every member rollup when it starts (ensureMemberRollups).
DELETE FROM "member_rollup_state" WHERE "name" = 'member_balance_month';
