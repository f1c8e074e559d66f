CREATE TABLE "card_anomaly" (
	"member_card_id" integer NOT NULL,
	"rule" text NOT NULL,
	"place" smallint NOT NULL,
	"evidence" text NOT NULL,
	"card_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"store_id" integer NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone,
	"balance" integer,
	"bonus_balance" integer,
	"sessions_left" integer NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_anomaly_member_card_id_place_pk" PRIMARY KEY("member_card_id","place")
);
--> statement-breakpoint
CREATE TABLE "card_anomaly_dirty" (
	"member_card_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_anomaly_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"expiries_to" timestamp with time zone NOT NULL,
	CONSTRAINT "card_anomaly_state_one_chk" CHECK ("card_anomaly_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "card_anomaly_card_no_idx" ON "card_anomaly" USING btree ("card_no","place");--> statement-breakpoint
CREATE INDEX "card_anomaly_store_idx" ON "card_anomaly" USING btree ("store_id","card_no");--> statement-breakpoint
CREATE INDEX "card_anomaly_rule_idx" ON "card_anomaly" USING btree ("rule","card_no");--> statement-breakpoint
-- A card whose balances, sessions, status or expiry change (by the ledger or by anything else), or
-- that is added or deleted, is queued to be checked again by /abnormalCardList's fold
-- (modules/memberAssets/anomalies.ts). The findings are filled by ensureCardAnomalies at start.
CREATE FUNCTION card_anomaly_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_anomaly_dirty (member_card_id)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_anomaly_touch AFTER INSERT OR DELETE OR UPDATE OF balance, bonus_balance, sessions_left, status, expires_at
  ON member_card FOR EACH ROW EXECUTE FUNCTION card_anomaly_touch();
