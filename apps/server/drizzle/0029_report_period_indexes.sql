-- Period reads over the member facts, chain-wide: cards opened (卡项排行, 会员持卡 by 开卡日期), bills
-- consumed (产品消耗) and ledger rows (卡项排行's 耗卡) in a range of days, by an index on the instant
-- rather than a scan of the table.
CREATE INDEX "card_ledger_at_idx" ON "card_ledger" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_card_opened_idx" ON "member_card" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "member_consume_at_idx" ON "member_consume" USING btree ("consumed_at");