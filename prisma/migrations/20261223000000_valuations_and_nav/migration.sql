-- Valuations of a property and its NAV per share (ADR 0069).

-- What the property's SPV owes and keeps back: the NAV per share is the latest valuation less both.
ALTER TABLE "properties"
  ADD COLUMN "debts" DECIMAL(16,2) NOT NULL DEFAULT 0,
  ADD COLUMN "reserves" DECIMAL(16,2) NOT NULL DEFAULT 0,
  ADD CONSTRAINT "properties_debts_not_negative" CHECK ("debts" >= 0),
  ADD CONSTRAINT "properties_reserves_not_negative" CHECK ("reserves" >= 0);

-- One valuation report: recorded at once, or awaiting a second admin when it moves the value by
-- more than 10%. The debts and reserves in force when it was recorded are kept with it, so the
-- NAV history does not change when today's figures do.
CREATE TABLE "property_valuations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "valuer" TEXT NOT NULL,
    "valuation_date" DATE NOT NULL,
    "value" DECIMAL(16,2) NOT NULL,
    "debts" DECIMAL(16,2) NOT NULL,
    "reserves" DECIMAL(16,2) NOT NULL,
    "report_storage_key" TEXT NOT NULL,
    "report_size" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'recorded',
    "recorded_by" UUID NOT NULL,
    "decided_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(6),

    CONSTRAINT "property_valuations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_valuations_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "property_valuations_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "property_valuations_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL,
    CONSTRAINT "property_valuations_status_known" CHECK ("status" IN ('awaiting', 'recorded', 'rejected')),
    CONSTRAINT "property_valuations_value_positive" CHECK ("value" > 0),
    CONSTRAINT "property_valuations_debts_not_negative" CHECK ("debts" >= 0 AND "reserves" >= 0),
    CONSTRAINT "property_valuations_second_admin" CHECK ("decided_by" IS NULL OR "decided_by" <> "recorded_by")
);
CREATE INDEX "property_valuations_property_id_valuation_date_idx" ON "property_valuations"("property_id", "valuation_date" DESC, "created_at" DESC);
-- One change waits for a second admin at a time, so "the previous valuation" is never ambiguous.
CREATE UNIQUE INDEX "property_valuations_one_awaiting" ON "property_valuations"("property_id") WHERE "status" = 'awaiting';

-- The approvals queue carries valuations too; the amount is the valuation's value.
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_kind_known";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_kind_known"
  CHECK ("kind" IN ('ticket_resolve', 'reservation_settle', 'admin_grant', 'admin_revoke', 'transmission', 'valuation'));

-- Every holder is valued at the NAV (ADR 0046 as amended by 0069): a valuation, or a change of
-- debts or reserves, changes the kept overview of everyone holding the property (ADR 0045).
CREATE CONSTRAINT TRIGGER "property_valuations_page_version" AFTER INSERT OR UPDATE OR DELETE ON "property_valuations"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE TRIGGER "property_valuations_page_version_truncated" AFTER TRUNCATE ON "property_valuations"
    FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_page_version_changed"();
CREATE CONSTRAINT TRIGGER "properties_nav_page_version" AFTER UPDATE ON "properties"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."debts" IS DISTINCT FROM NEW."debts" OR OLD."reserves" IS DISTINCT FROM NEW."reserves")
    EXECUTE FUNCTION "catalogue_page_version_changed"();
