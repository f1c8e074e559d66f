CREATE INDEX "member_level_joined_idx" ON "member" USING btree ("level_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "member_status_joined_idx" ON "member" USING btree ("status","joined_at","id");--> statement-breakpoint
-- 会员持卡 reads a month's cards from this index alone (its keys as before, for 卡项排行, and what
-- the report adds up: state, balances, sessions): drizzle's index builder has no INCLUDE, so the
-- schema declares the keys and this migration re-creates the index with them.
DROP INDEX "member_card_opened_idx";--> statement-breakpoint
CREATE INDEX "member_card_opened_idx" ON "member_card" USING btree ("opened_at","store_id","card_id","kind","member_id","paid")
  INCLUDE ("status", "expires_at", "balance", "bonus_balance", "sessions_left", "sessions_total");
