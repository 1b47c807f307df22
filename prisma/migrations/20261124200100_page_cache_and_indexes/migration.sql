-- The page cache's invalidation (server/micro-cache.ts, docs/decisions/0027): any change to
-- a property, its images or its documents tells every app process, once per statement and
-- only when the change commits, to forget the public pages it keeps.
CREATE FUNCTION "page_cache_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('aangan_page_cache', TG_TABLE_NAME);
    RETURN NULL;
END;
$$;

CREATE TRIGGER "properties_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
    FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_invalidate"();
CREATE TRIGGER "property_images_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_images"
    FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_invalidate"();
CREATE TRIGGER "property_documents_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_documents"
    FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_invalidate"();

-- The admin investments list: newest first, a page at a time (tests/integration/query-plans.test.ts).
CREATE INDEX "investments_investment_date_id_idx" ON "investments"("investment_date" DESC, "id");
