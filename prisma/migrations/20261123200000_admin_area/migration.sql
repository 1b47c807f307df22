-- The admin area (issue 12).

-- The audit log is append-only, like the ledger: PostgreSQL itself refuses to change or
-- remove an entry, so no admin (and no bug) can rewrite what was done.
CREATE FUNCTION "admin_audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'admin_audit_log is append-only: entries cannot be updated or deleted'
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "admin_audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin_audit_log"
    FOR EACH ROW EXECUTE FUNCTION "admin_audit_log_refuse_change"();

-- An audit entry outlives its admin's profile: the reference is kept, never rewritten.
ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_admin_id_fkey";
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE INDEX "admin_audit_log_admin_id_created_at_idx" ON "admin_audit_log"("admin_id", "created_at" DESC);
CREATE INDEX "admin_audit_log_action_created_at_idx" ON "admin_audit_log"("action", "created_at" DESC);

-- The admin Activity tab hears every new user event on the admin live channel, whoever
-- wrote it (a route, a job or a script), once the writing transaction commits.
CREATE FUNCTION "user_events_notify_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('aangan_events', json_build_object('channel', 'admin', 'type', 'user_event', 'id', NEW."id"::text)::text);
    RETURN NULL;
END;
$$;

CREATE TRIGGER "user_events_notify_admin" AFTER INSERT ON "user_events"
    FOR EACH ROW EXECUTE FUNCTION "user_events_notify_admin"();

-- A property's uploaded images: each one resized to a few widths, every variant a file in
-- storage. properties.images keeps the served URLs in display order (cover first), so the
-- catalogue reads one column and order changes touch one row; this table is where the
-- files behind an uploaded image's URL are.
CREATE TABLE "property_images" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "original_name" TEXT NOT NULL,
    "variants" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "property_images_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "property_images_property_id_idx" ON "property_images"("property_id");

ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
