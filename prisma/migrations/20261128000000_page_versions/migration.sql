-- Page versions (ADR 0045): what a signed-in page shows changes only when the database says so.
-- A signed-in page kept in a worker's memory is served again only while the versions it was
-- rendered under are still the current ones; both are read in the session's own statement.
--
-- user_page_versions: one row per investor whose pages' data has changed; its version goes up
-- once per transaction that writes any of the tables below for that investor (so a purchase
-- writing five rows costs one real update and a few index probes). An investor without a row
-- is at version 0.
CREATE TABLE "user_page_versions" (
    "user_id" UUID PRIMARY KEY,
    "version" BIGINT NOT NULL,
    -- The transaction that last raised it (its 64-bit id, which never wraps): later writes in the
    -- same transaction change nothing.
    "changed_in" BIGINT NOT NULL
);

-- catalogue_page_version: one row, raised when what signed-in pages show of a property changes
-- (its title, type or share price), or when a whole table is emptied.
CREATE TABLE "catalogue_page_version" (
    "singleton" BOOLEAN PRIMARY KEY DEFAULT true CHECK ("singleton"),
    "version" BIGINT NOT NULL,
    "changed_in" BIGINT NOT NULL
);
INSERT INTO "catalogue_page_version" ("version", "changed_in") VALUES (0, pg_current_xact_id()::text::bigint);

CREATE FUNCTION "raise_user_page_version"(p_user UUID) RETURNS void LANGUAGE sql AS $$
    INSERT INTO "user_page_versions" AS v ("user_id", "version", "changed_in")
    VALUES (p_user, 1, pg_current_xact_id()::text::bigint)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1, "changed_in" = excluded."changed_in"
     WHERE v."changed_in" <> excluded."changed_in"
$$;

CREATE FUNCTION "raise_catalogue_page_version"() RETURNS void LANGUAGE sql AS $$
    UPDATE "catalogue_page_version" SET "version" = "version" + 1, "changed_in" = pg_current_xact_id()::text::bigint
     WHERE "changed_in" <> pg_current_xact_id()::text::bigint
$$;

CREATE FUNCTION "user_page_version_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM "raise_user_page_version"(OLD."user_id");
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
        PERFORM "raise_user_page_version"(NEW."user_id");
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION "catalogue_page_version_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "raise_catalogue_page_version"();
    RETURN NULL;
END;
$$;

-- The investor's own rows that signed-in pages kept in memory read (the overview and its frame:
-- the header and guard, the bell, the sidebar, the figures and the chart). A test compares this
-- list with the tables those pages' statements name (tests/integration/user-page-cache.test.ts).
-- Deferred to the commit: the version row is locked for the moment of the commit rather than
-- from a transaction's first write, so a purchase or settlement holds it for no longer than it
-- must, and two transactions touching the same investors seldom meet on it.
CREATE CONSTRAINT TRIGGER "user_profiles_page_version" AFTER UPDATE OR DELETE ON "user_profiles"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_alerts_page_version" AFTER INSERT OR UPDATE OR DELETE ON "user_alerts"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_property_positions_page_version" AFTER INSERT OR UPDATE OR DELETE ON "user_property_positions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "investor_daily_flows_page_version" AFTER INSERT OR UPDATE OR DELETE ON "investor_daily_flows"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "user_page_version_row_changed"();

-- A purchase updates its property's availability on every sale; only the columns a kept page
-- shows raise the version.
CREATE CONSTRAINT TRIGGER "properties_page_version" AFTER UPDATE ON "properties"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."property_type" IS DISTINCT FROM NEW."property_type"
          OR OLD."share_price" IS DISTINCT FROM NEW."share_price" OR OLD."id" IS DISTINCT FROM NEW."id")
    EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "properties_page_version_rows" AFTER INSERT OR DELETE ON "properties"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();

-- Emptying a table fires no row triggers and may touch investors without a version row:
-- everything kept is out of date.
CREATE TRIGGER "user_profiles_page_version_truncated" AFTER TRUNCATE ON "user_profiles"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "user_alerts_page_version_truncated" AFTER TRUNCATE ON "user_alerts"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "user_property_positions_page_version_truncated" AFTER TRUNCATE ON "user_property_positions"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "investor_daily_flows_page_version_truncated" AFTER TRUNCATE ON "investor_daily_flows"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "properties_page_version_truncated" AFTER TRUNCATE ON "properties"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
