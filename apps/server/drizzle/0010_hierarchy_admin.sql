ALTER TABLE "hier" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hier_content" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hier_content_role" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_role" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "hier_content_region_idx" ON "hier_content" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "hier_content_store_idx" ON "hier_content" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "hier" ADD CONSTRAINT "hier_name_uq" UNIQUE("name");--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_name_uq" UNIQUE("hier_id","name");--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_region_uq" UNIQUE("hier_id","region_id");--> statement-breakpoint
ALTER TABLE "hier_content" ADD CONSTRAINT "hier_content_store_uq" UNIQUE("hier_id","store_id");--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_hier_name_uq" UNIQUE("hier_id","name");