-- Rent distributions (issue 17, ADR 0035). A distribution is declared by an admin, funded
-- at once from platform cash into the property's distribution account, and paid once on
-- its payment date to the holders at the end of its record date (Asia/Kolkata).
ALTER TYPE "ledger_account_kind" ADD VALUE IF NOT EXISTS 'property_distribution';

-- The new enum value cannot be used as an enum in this transaction, so the owner rule
-- compares the kind as text.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_kind";
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (
    ("kind"::text IN ('user_available', 'user_held') AND "user_id" IS NOT NULL AND "property_id" IS NULL)
    OR ("kind"::text IN ('property_issue', 'property_distribution') AND "property_id" IS NOT NULL AND "user_id" IS NULL)
    OR ("kind"::text IN ('platform_cash', 'fees') AND "user_id" IS NULL AND "property_id" IS NULL)
);

CREATE TABLE "property_distributions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    -- 'total': total_amount is shared by the shares held; 'per_share': per_share_amount each.
    "basis" TEXT NOT NULL,
    "total_amount" DECIMAL(16,2),
    "declared_per_share" DECIMAL(16,2),
    "record_date" DATE NOT NULL,
    "payment_date" DATE NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    -- What the declaration moved from platform cash into the distribution account.
    "funded_amount" DECIMAL(16,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'declared',
    -- Set when paid: the shares held at the record date's end, the amount per share paid
    -- (floored to the paisa), what holders received and what went back to platform cash.
    "eligible_shares" INTEGER,
    "holder_count" INTEGER,
    "per_share_amount" DECIMAL(16,4),
    "paid_amount" DECIMAL(16,2),
    "remainder_amount" DECIMAL(16,2),
    "funding_journal_id" UUID NOT NULL,
    "payment_journal_id" UUID,
    "declared_by" UUID,
    "paid_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "property_distributions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_distributions_basis_known" CHECK (
        ("basis" = 'total' AND "total_amount" > 0 AND "declared_per_share" IS NULL)
        OR ("basis" = 'per_share' AND "declared_per_share" > 0 AND "total_amount" IS NULL)
    ),
    CONSTRAINT "property_distributions_status_known" CHECK ("status" IN ('declared', 'paid')),
    CONSTRAINT "property_distributions_paid_complete" CHECK (
        ("status" = 'declared' AND "paid_at" IS NULL AND "payment_journal_id" IS NULL)
        OR ("status" = 'paid' AND "paid_at" IS NOT NULL AND "paid_amount" IS NOT NULL AND "remainder_amount" IS NOT NULL
            AND "paid_amount" + "remainder_amount" = "funded_amount")
    ),
    CONSTRAINT "property_distributions_payment_after_record" CHECK ("payment_date" > "record_date"),
    CONSTRAINT "property_distributions_funded_positive" CHECK ("funded_amount" > 0)
);

CREATE INDEX "property_distributions_property_id_record_date_idx" ON "property_distributions"("property_id", "record_date" DESC);
CREATE INDEX "property_distributions_status_payment_date_idx" ON "property_distributions"("status", "payment_date");
CREATE UNIQUE INDEX "property_distributions_funding_journal_id_key" ON "property_distributions"("funding_journal_id");
CREATE UNIQUE INDEX "property_distributions_payment_journal_id_key" ON "property_distributions"("payment_journal_id");

ALTER TABLE "property_distributions" ADD CONSTRAINT "property_distributions_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "property_distributions" ADD CONSTRAINT "property_distributions_funding_journal_id_fkey" FOREIGN KEY ("funding_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "property_distributions" ADD CONSTRAINT "property_distributions_payment_journal_id_fkey" FOREIGN KEY ("payment_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "property_distributions" ADD CONSTRAINT "property_distributions_declared_by_fkey" FOREIGN KEY ("declared_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
