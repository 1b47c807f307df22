-- The overview's distribution counts an investor's open holdings by property type. That read
-- joined every open position to properties (600 for the bench's large investor, about half a
-- millisecond of PostgreSQL on every overview) only to learn each one's type. Each position now
-- keeps its property's type beside its title (ADR 0112, amended), so the count reads the
-- positions alone. The same two triggers keep both copies: a new position takes them from its
-- property, and a property whose title or type changes rewrites them on every position of it,
-- in the change's own transaction, so holders' page versions rise with it.
--
-- Display data only: no money figure reads it, and no index covers it, so a purchase's update of
-- a position stays a HOT update.
ALTER TABLE "user_property_positions" ADD COLUMN "property_type" "property_type";

UPDATE "user_property_positions" pos
   SET "property_type" = p."property_type"
  FROM "properties" p
 WHERE p."id" = pos."property_id";

DROP TRIGGER "user_property_positions_property_title" ON "user_property_positions";
DROP TRIGGER "properties_title_to_positions" ON "properties";
DROP FUNCTION "position_takes_property_title"();
DROP FUNCTION "property_title_to_positions"();

CREATE FUNCTION "position_takes_property_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT p."title", p."property_type" INTO NEW."property_title", NEW."property_type"
      FROM "properties" p WHERE p."id" = NEW."property_id";
    RETURN NEW;
END;
$$;

CREATE TRIGGER "user_property_positions_property_facts"
    BEFORE INSERT OR UPDATE OF "property_id" ON "user_property_positions"
    FOR EACH ROW EXECUTE FUNCTION "position_takes_property_facts"();

CREATE FUNCTION "property_facts_to_positions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "user_property_positions"
       SET "property_title" = NEW."title", "property_type" = NEW."property_type"
     WHERE "property_id" = NEW."id";
    RETURN NULL;
END;
$$;

CREATE TRIGGER "properties_facts_to_positions"
    AFTER UPDATE OF "title", "property_type" ON "properties"
    FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."property_type" IS DISTINCT FROM NEW."property_type")
    EXECUTE FUNCTION "property_facts_to_positions"();
