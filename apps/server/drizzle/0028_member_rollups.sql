CREATE TABLE "member_balance_month" (
	"month" date NOT NULL,
	"store_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"card_kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sessions" bigint DEFAULT 0 NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_balance_month_month_store_id_card_id_card_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind")
);
--> statement-breakpoint
CREATE TABLE "member_flow_day" (
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
	CONSTRAINT "member_flow_day_day_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("day","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
CREATE TABLE "member_flow_month" (
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
	CONSTRAINT "member_flow_month_month_store_id_card_id_card_kind_kind_pk" PRIMARY KEY("month","store_id","card_id","card_kind","kind")
);
--> statement-breakpoint
CREATE TABLE "member_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
