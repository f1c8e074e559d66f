CREATE TABLE "stock_product_total" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_store_type" (
	"store_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"cost_amount" bigint DEFAULT 0 NOT NULL,
	"retail_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_store_type_store_id_type_id_pk" PRIMARY KEY("store_id","type_id")
);
--> statement-breakpoint
CREATE INDEX "store_stock_quantity_idx" ON "store_stock" USING btree ("quantity","store_id","product_id");--> statement-breakpoint
INSERT INTO "stock_store_type" ("store_id", "type_id", "lines", "held", "quantity", "cost_amount", "retail_amount")
SELECT s."store_id", coalesce(p."online_type_id", 0), count(*)::int, (count(*) filter (where s."quantity" > 0))::int, sum(s."quantity"),
  sum(round(s."quantity"::numeric * p."cost_price" / coalesce(p."ml_per_unit", 1))), sum(round(s."quantity"::numeric * p."retail_price" / coalesce(p."ml_per_unit", 1)))
FROM "store_stock" s JOIN "product" p ON p."id" = s."product_id"
GROUP BY s."store_id", coalesce(p."online_type_id", 0);--> statement-breakpoint
INSERT INTO "stock_product_total" ("product_id", "lines", "held", "quantity")
SELECT "product_id", count(*)::int, (count(*) filter (where "quantity" > 0))::int, sum("quantity")
FROM "store_stock" GROUP BY "product_id";
--> statement-breakpoint
CREATE FUNCTION "stock_rollup_reprice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A product's stock moves from its old type and prices to its new ones in every store holding it.
  INSERT INTO "stock_store_type" AS r ("store_id", "type_id", "lines", "held", "quantity", "cost_amount", "retail_amount")
  SELECT s."store_id", x.type_id, sum(x.sign)::int, sum(x.sign * (s."quantity" > 0)::int)::int, sum(x.sign * s."quantity"),
    sum(x.sign * round(s."quantity"::numeric * x.cost / x.ml)), sum(x.sign * round(s."quantity"::numeric * x.retail / x.ml))
  FROM "store_stock" s
  CROSS JOIN (VALUES (-1, coalesce(OLD."online_type_id", 0), OLD."cost_price", OLD."retail_price", coalesce(OLD."ml_per_unit", 1)),
                     (1, coalesce(NEW."online_type_id", 0), NEW."cost_price", NEW."retail_price", coalesce(NEW."ml_per_unit", 1)))
    AS x(sign, type_id, cost, retail, ml)
  WHERE s."product_id" = NEW."id"
  GROUP BY s."store_id", x.type_id
  ORDER BY s."store_id", x.type_id
  ON CONFLICT ("store_id", "type_id") DO UPDATE SET
    "lines" = r."lines" + excluded."lines", "held" = r."held" + excluded."held", "quantity" = r."quantity" + excluded."quantity",
    "cost_amount" = r."cost_amount" + excluded."cost_amount", "retail_amount" = r."retail_amount" + excluded."retail_amount";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_stock_reprice" AFTER UPDATE OF "online_type_id", "cost_price", "retail_price", "ml_per_unit" ON "product"
  FOR EACH ROW WHEN (OLD."online_type_id" IS DISTINCT FROM NEW."online_type_id" OR OLD."cost_price" <> NEW."cost_price"
    OR OLD."retail_price" <> NEW."retail_price" OR OLD."ml_per_unit" IS DISTINCT FROM NEW."ml_per_unit")
  EXECUTE FUNCTION "stock_rollup_reprice"();
