-- The price a holding is valued at (ADR 0046, 0069) without a sort per holding (ADR 0090).
--
-- The overview reads the valuation inputs of every property an investor holds (600 for the
-- bench's large investor). Its latest settled resale was a lateral read of the property's
-- share_purchase rows through an index that ends at created_at, so every holding sorted all its
-- resales to break ties by id. This index is in the read's order, and holds only settled resales
-- with a price: one entry read per holding.
CREATE INDEX "transactions_last_resale_idx" ON "transactions" ("property_id", "created_at" DESC, "id" DESC)
  WHERE "transaction_type" = 'share_purchase' AND "status" = 'completed' AND "price_per_share" IS NOT NULL;

-- Its latest recorded valuation was a lateral read too, and while property_valuations is small
-- (a young platform, the bench: none) PostgreSQL scanned and sorted the table once per holding:
-- 2.4 ms for 600 holdings with no valuation, 12.8 ms with 100 valuations. The property now names
-- its latest recorded valuation, kept by the trigger below whenever a valuation is recorded,
-- approved, re-dated or removed, so the read is a join by primary key.
ALTER TABLE "properties" ADD COLUMN "latest_valuation_id" UUID;
ALTER TABLE "properties" ADD CONSTRAINT "properties_latest_valuation_id_fkey"
  FOREIGN KEY ("latest_valuation_id") REFERENCES "property_valuations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE OR REPLACE FUNCTION public.property_latest_valuation_refresh(p_property text) RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    -- The property's row lock orders two valuations of one property recorded at once. The read
    -- below is a new statement, so (READ COMMITTED) it sees the other one once that commits:
    -- the later of the two is named whichever commits last.
    PERFORM 1 FROM "properties" WHERE "id" = p_property FOR NO KEY UPDATE;
    UPDATE "properties" p
       SET "latest_valuation_id" = latest.id
      FROM (SELECT (SELECT v."id" FROM "property_valuations" v
                     WHERE v."property_id" = p_property AND v."status" = 'recorded'
                     ORDER BY v."valuation_date" DESC, v."created_at" DESC, v."id" DESC LIMIT 1) AS id) latest
     WHERE p."id" = p_property AND p."latest_valuation_id" IS DISTINCT FROM latest.id;
END;
$function$;

CREATE OR REPLACE FUNCTION public.property_valuations_name_latest() RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM "public".property_latest_valuation_refresh(OLD."property_id"); END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."property_id" <> OLD."property_id") THEN
        PERFORM "public".property_latest_valuation_refresh(NEW."property_id");
    END IF;
    RETURN NULL;
END;
$function$;

CREATE TRIGGER "property_valuations_name_latest"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "valuation_date", "created_at", "property_id" ON "property_valuations"
  FOR EACH ROW EXECUTE FUNCTION public.property_valuations_name_latest();

SELECT "public".property_latest_valuation_refresh(p."id") FROM "properties" p
 WHERE EXISTS (SELECT 1 FROM "property_valuations" v WHERE v."property_id" = p."id" AND v."status" = 'recorded');
