-- The dashboard sidebar (every dashboard page) lists an investor's first twelve holdings by
-- title. Sorting needs each held property's title, so the read joined all of the investor's
-- positions to properties and sorted them: 600 joined rows to show twelve, about 0.8 ms of
-- PostgreSQL on every page of the bench's investor. Each position now keeps its property's
-- title, maintained by the two triggers below, so an index on (investor, title, property) gives
-- the twelve in order without the join or the sort (ADR 0112).
--
-- The copy is display data only: no money figure reads it. The index leaves `shares` and the
-- money columns unindexed, so a purchase's or a trade's update of a position stays a HOT update.
ALTER TABLE "user_property_positions" ADD COLUMN "property_title" TEXT;

UPDATE "user_property_positions" pos
   SET "property_title" = p."title"
  FROM "properties" p
 WHERE p."id" = pos."property_id";

CREATE INDEX "user_property_positions_by_title_idx"
    ON "user_property_positions" ("user_id", (coalesce("property_title", '')), "property_id");

-- A new position (any path: purchase, resale, transmission, a seed) takes its property's title;
-- so does one whose property changes (an id cascaded from properties).
CREATE FUNCTION "position_takes_property_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT p."title" INTO NEW."property_title" FROM "properties" p WHERE p."id" = NEW."property_id";
    RETURN NEW;
END;
$$;

CREATE TRIGGER "user_property_positions_property_title"
    BEFORE INSERT OR UPDATE OF "property_id" ON "user_property_positions"
    FOR EACH ROW EXECUTE FUNCTION "position_takes_property_title"();

-- A renamed property renames every position of it, in the same transaction: each holder's
-- position row changes, so their page versions rise with it and no kept page shows the old name.
CREATE FUNCTION "property_title_to_positions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "user_property_positions" SET "property_title" = NEW."title" WHERE "property_id" = NEW."id";
    RETURN NULL;
END;
$$;

CREATE TRIGGER "properties_title_to_positions"
    AFTER UPDATE OF "title" ON "properties"
    FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
    EXECUTE FUNCTION "property_title_to_positions"();
