-- What an investor compares before buying (issue 10): the tenant and lease, the rent and
-- its split into yield and appreciation, the SPV that owns the asset, the independent
-- valuation, and the fees charged on top of the 2% platform fee. All optional: a property
-- without a tenant yet (upcoming, under construction) simply has none of the lease facts.
ALTER TABLE "properties"
    ADD COLUMN "tenant_name" TEXT,
    ADD COLUMN "tenant_sector" TEXT,
    ADD COLUMN "lease_start_date" DATE,
    ADD COLUMN "lease_term_months" INTEGER,
    ADD COLUMN "lock_in_months" INTEGER,
    ADD COLUMN "rent_escalation_percent" DECIMAL(5,2),
    ADD COLUMN "escalation_interval_months" INTEGER,
    ADD COLUMN "monthly_rent" DECIMAL(16,2),
    ADD COLUMN "expected_rental_yield" DECIMAL(5,2),
    ADD COLUMN "expected_appreciation" DECIMAL(5,2),
    ADD COLUMN "spv_name" TEXT,
    ADD COLUMN "spv_structure" TEXT,
    ADD COLUMN "valuation_amount" DECIMAL(16,2),
    ADD COLUMN "valuer_name" TEXT,
    ADD COLUMN "valuation_date" DATE,
    ADD COLUMN "management_fee_percent" DECIMAL(5,2),
    ADD COLUMN "performance_fee_percent" DECIMAL(5,2),
    ADD COLUMN "exit_fee_percent" DECIMAL(5,2),
    ADD CONSTRAINT "properties_lease_months_valid" CHECK (
        ("lease_term_months" IS NULL OR "lease_term_months" > 0)
        AND ("lock_in_months" IS NULL OR "lock_in_months" >= 0)
        AND ("escalation_interval_months" IS NULL OR "escalation_interval_months" > 0)
        AND ("lock_in_months" IS NULL OR "lease_term_months" IS NULL OR "lock_in_months" <= "lease_term_months")),
    ADD CONSTRAINT "properties_fact_amounts_valid" CHECK (
        ("monthly_rent" IS NULL OR "monthly_rent" >= 0)
        AND ("valuation_amount" IS NULL OR "valuation_amount" > 0)),
    ADD CONSTRAINT "properties_fact_percents_valid" CHECK (
        ("rent_escalation_percent" IS NULL OR "rent_escalation_percent" BETWEEN 0 AND 100)
        AND ("expected_rental_yield" IS NULL OR "expected_rental_yield" BETWEEN 0 AND 100)
        AND ("expected_appreciation" IS NULL OR "expected_appreciation" BETWEEN -100 AND 100)
        AND ("management_fee_percent" IS NULL OR "management_fee_percent" BETWEEN 0 AND 100)
        AND ("performance_fee_percent" IS NULL OR "performance_fee_percent" BETWEEN 0 AND 100)
        AND ("exit_fee_percent" IS NULL OR "exit_fee_percent" BETWEEN 0 AND 100));

-- The catalogue's city filter and ticket-size bands.
CREATE INDEX "properties_city_idx" ON "properties"("city");
CREATE INDEX "properties_minimum_investment_idx" ON "properties"("minimum_investment");
