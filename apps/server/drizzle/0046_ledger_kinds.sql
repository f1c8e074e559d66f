ALTER TABLE "card_ledger" DROP CONSTRAINT "card_ledger_kind_chk";--> statement-breakpoint
ALTER TABLE "card_ledger" ADD CONSTRAINT "card_ledger_kind_chk" CHECK ("card_ledger"."kind" in ('open', 'topUp', 'consume', 'refund', 'adjust', 'migrateOut', 'migrateIn', 'transferOut', 'transferIn', 'cancel'));
