-- Tax deducted at source on rent distributions (issue 28, ADR 0065). Each holder's gross is split
-- at payment into what reaches the wallet and what Aangan owes the government, credited to the
-- TDS payable account in the same journal; a quarter's TDS is later deposited with a challan.
ALTER TYPE "ledger_account_kind" ADD VALUE IF NOT EXISTS 'tds_payable';
ALTER TYPE "ledger_journal_kind" ADD VALUE IF NOT EXISTS 'tds_deposit';

ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_kind";
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (
    ("kind"::text IN ('user_available', 'user_held') AND "user_id" IS NOT NULL AND "property_id" IS NULL)
    OR ("kind"::text IN ('property_issue', 'property_distribution') AND "property_id" IS NOT NULL AND "user_id" IS NULL)
    OR ("kind"::text IN ('platform_cash', 'fees', 'gateway_clearing', 'payout_clearing', 'tds_payable') AND "user_id" IS NULL AND "property_id" IS NULL)
);

-- The rates in force, dated: a payment takes the row of its section and the payee's residency
-- whose dates contain the payment's date (IST). Admins add rows; rows are never edited in place
-- except to close one (valid_to) when a newer one takes over.
CREATE TABLE "tds_rates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "act" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "payee_residency" TEXT NOT NULL,
    "rate_with_pan" DECIMAL(5,2) NOT NULL,
    "rate_without_pan" DECIMAL(5,2) NOT NULL,
    "yearly_threshold" DECIMAL(16,2) NOT NULL,
    "valid_from" DATE NOT NULL,
    "valid_to" DATE,
    "set_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tds_rates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tds_rates_set_by_fkey" FOREIGN KEY ("set_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "tds_rates_residency_known" CHECK ("payee_residency" IN ('resident', 'non_resident')),
    CONSTRAINT "tds_rates_rates_range" CHECK ("rate_with_pan" >= 0 AND "rate_with_pan" <= 100 AND "rate_without_pan" >= "rate_with_pan" AND "rate_without_pan" <= 100),
    CONSTRAINT "tds_rates_threshold_not_negative" CHECK ("yearly_threshold" >= 0),
    CONSTRAINT "tds_rates_dates_ordered" CHECK ("valid_to" IS NULL OR "valid_to" >= "valid_from")
);
CREATE INDEX "tds_rates_lookup" ON "tds_rates"("payee_residency", "valid_from" DESC);

-- Seeded from ../shared/INDIA-RULES.md (ADR 0065): dividends from the SPV, 10% with a PAN, 20%
-- without or with an inoperative one (s.206AA); threshold Rs 5,000 a year to March 2025 and
-- Rs 10,000 from April 2025; the Income-tax Act 2025 (section 393) from 1 April 2026.
INSERT INTO "tds_rates" ("act", "section", "payee_residency", "rate_with_pan", "rate_without_pan", "yearly_threshold", "valid_from", "valid_to") VALUES
    ('Income-tax Act, 1961', '194', 'resident', 10, 20, 5000, '2020-04-01', '2025-03-31'),
    ('Income-tax Act, 1961', '194', 'resident', 10, 20, 10000, '2025-04-01', '2026-03-31'),
    ('Income-tax Act, 2025', '393', 'resident', 10, 20, 10000, '2026-04-01', NULL),
    ('Income-tax Act, 1961', '195', 'non_resident', 20, 20, 0, '2020-04-01', '2026-03-31'),
    ('Income-tax Act, 2025', '393', 'non_resident', 20, 20, 0, '2026-04-01', NULL);

-- A quarter's TDS deposited with the government: the challan, and the journal that moved the
-- TDS payable account's balance back to the platform's cash (the money left the bank).
CREATE TABLE "tds_deposits" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "financial_year" INTEGER NOT NULL,
    "quarter" INTEGER NOT NULL,
    "bsr_code" TEXT NOT NULL,
    "challan_serial" TEXT NOT NULL,
    "deposited_on" DATE NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "journal_id" UUID NOT NULL,
    "recorded_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tds_deposits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tds_deposits_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "tds_deposits_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "tds_deposits_quarter_range" CHECK ("quarter" BETWEEN 1 AND 4),
    CONSTRAINT "tds_deposits_bsr_code_format" CHECK ("bsr_code" ~ '^[0-9]{7}$'),
    CONSTRAINT "tds_deposits_challan_serial_format" CHECK ("challan_serial" ~ '^[0-9]{5}$'),
    CONSTRAINT "tds_deposits_amount_positive" CHECK ("amount" > 0)
);
CREATE UNIQUE INDEX "tds_deposits_journal" ON "tds_deposits"("journal_id");
CREATE UNIQUE INDEX "tds_deposits_challan" ON "tds_deposits"("bsr_code", "deposited_on", "challan_serial");
CREATE INDEX "tds_deposits_quarter" ON "tds_deposits"("financial_year", "quarter");

-- What was withheld from each holder of each paid distribution (one row per holder, also when
-- the TDS is zero below the threshold, so the year's running total is a sum over these rows).
CREATE TABLE "tds_withholdings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "distribution_id" UUID NOT NULL,
    "journal_id" UUID NOT NULL,
    "rate_id" UUID NOT NULL,
    "act" TEXT NOT NULL,
    "section" TEXT NOT NULL,
    "pan" TEXT,
    "gross" DECIMAL(16,2) NOT NULL,
    "rate" DECIMAL(5,2) NOT NULL,
    "tds" DECIMAL(16,2) NOT NULL,
    "net" DECIMAL(16,2) NOT NULL,
    "financial_year" INTEGER NOT NULL,
    "quarter" INTEGER NOT NULL,
    "paid_at" TIMESTAMPTZ(6) NOT NULL,
    "deposit_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "tds_withholdings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tds_withholdings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "tds_withholdings_distribution_id_fkey" FOREIGN KEY ("distribution_id") REFERENCES "property_distributions"("id") ON DELETE RESTRICT,
    CONSTRAINT "tds_withholdings_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "tds_withholdings_rate_id_fkey" FOREIGN KEY ("rate_id") REFERENCES "tds_rates"("id") ON DELETE RESTRICT,
    CONSTRAINT "tds_withholdings_deposit_id_fkey" FOREIGN KEY ("deposit_id") REFERENCES "tds_deposits"("id") ON DELETE RESTRICT,
    CONSTRAINT "tds_withholdings_split_adds_up" CHECK ("gross" = "tds" + "net"),
    CONSTRAINT "tds_withholdings_amounts_not_negative" CHECK ("gross" > 0 AND "tds" >= 0 AND "net" >= 0),
    CONSTRAINT "tds_withholdings_quarter_range" CHECK ("quarter" BETWEEN 1 AND 4)
);
CREATE UNIQUE INDEX "tds_withholdings_distribution_user" ON "tds_withholdings"("distribution_id", "user_id");
CREATE INDEX "tds_withholdings_user_year" ON "tds_withholdings"("user_id", "financial_year");
CREATE INDEX "tds_withholdings_quarter" ON "tds_withholdings"("financial_year", "quarter");
