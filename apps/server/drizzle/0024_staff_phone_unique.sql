DROP INDEX "staff_phone_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_phone_key" ON "staff" USING btree ("phone");