-- Updates feed, holders' document vault and edge-triggered alerts (issue 29 items 2-4, ADR 0070).
ALTER TYPE "property_document_type" ADD VALUE 'lease_summary';
ALTER TYPE "property_document_type" ADD VALUE 'spv_filing';
ALTER TYPE "property_document_type" ADD VALUE 'annual_accounts';
ALTER TYPE "property_document_type" ADD VALUE 'update_attachment';

CREATE TYPE "property_status_label" AS ENUM ('performing', 'watch', 'distribution_paused', 'vacant', 'sale_planned');

-- An admin's update on a property; the latest one's label is the property's label.
CREATE TABLE "property_updates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status_label" "property_status_label" NOT NULL,
    "published_by" UUID,
    "published_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "property_updates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_updates_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE,
    CONSTRAINT "property_updates_published_by_fkey" FOREIGN KEY ("published_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL,
    CONSTRAINT "property_updates_title_length" CHECK (length("title") BETWEEN 1 AND 200),
    CONSTRAINT "property_updates_body_length" CHECK (length("body") BETWEEN 1 AND 5000)
);
CREATE INDEX "property_updates_property_id_published_at_idx" ON "property_updates"("property_id", "published_at" DESC);
CREATE INDEX "property_updates_published_at_idx" ON "property_updates"("published_at" DESC);

-- The invest page shows the updates: a new one empties the public page cache (ADR 0027).
CREATE TRIGGER "property_updates_page_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_updates"
    FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_invalidate"();

-- An update's attachments are property documents that name it.
ALTER TABLE "property_documents" ADD COLUMN "update_id" UUID;
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_update_id_fkey"
    FOREIGN KEY ("update_id") REFERENCES "property_updates"("id") ON DELETE CASCADE;
CREATE INDEX "property_documents_update_id_idx" ON "property_documents"("update_id");

CREATE TABLE "alert_preferences" (
    "user_id" UUID NOT NULL,
    "nav_move_percent" DECIMAL(5,2),
    "distribution_changes" BOOLEAN NOT NULL DEFAULT false,
    "status_label_changes" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "alert_preferences_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "alert_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "alert_preferences_nav_move_percent_range" CHECK ("nav_move_percent" IS NULL OR ("nav_move_percent" >= 0.5 AND "nav_move_percent" <= 90))
);

CREATE TABLE "price_alerts" (
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "below_price" DECIMAL(16,2) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "price_alerts_pkey" PRIMARY KEY ("user_id", "property_id"),
    CONSTRAINT "price_alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "price_alerts_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE,
    CONSTRAINT "price_alerts_below_price_positive" CHECK ("below_price" > 0)
);
CREATE INDEX "price_alerts_property_id_idx" ON "price_alerts"("property_id");

-- The last observed state per investor, rule and property: what makes each alert fire once per crossing.
CREATE TABLE "alert_rule_states" (
    "user_id" UUID NOT NULL,
    "rule" TEXT NOT NULL,
    "property_id" TEXT NOT NULL,
    "met" BOOLEAN NOT NULL DEFAULT false,
    "reference" TEXT,
    "observed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fired_at" TIMESTAMPTZ(6),
    CONSTRAINT "alert_rule_states_pkey" PRIMARY KEY ("user_id", "rule", "property_id"),
    CONSTRAINT "alert_rule_states_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE,
    CONSTRAINT "alert_rule_states_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE,
    CONSTRAINT "alert_rule_states_rule_known" CHECK ("rule" IN ('nav_move', 'distribution_declared', 'distribution_paused', 'status_label', 'listing_below'))
);
CREATE INDEX "alert_rule_states_property_id_idx" ON "alert_rule_states"("property_id");
