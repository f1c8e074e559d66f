ALTER TABLE "store_order" ADD COLUMN "pay_status" text GENERATED ALWAYS AS (case when paid_amount >= total then 'paid' when paid_amount > 0 then 'partial' else 'unpaid' end) STORED;--> statement-breakpoint
CREATE INDEX "store_order_pay_created_idx" ON "store_order" USING btree ("pay_status","created_at");--> statement-breakpoint
CREATE INDEX "store_order_total_idx" ON "store_order" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "store_name_idx" ON "store" USING btree ("name","id");