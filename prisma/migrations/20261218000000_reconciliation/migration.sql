-- Daily reconciliation of the payment provider's records with the ledger (issue 27, ADR 0064):
-- one run per India day (a re-run replaces its findings), each difference listed for an admin.
CREATE TABLE "reconciliation_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "day" DATE NOT NULL,
    "provider" TEXT NOT NULL,
    "ran_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ran_by" UUID,
    -- The day's totals on each side, in rupees: captured and credited, paid out by the provider and posted.
    "provider_captured" DECIMAL(16,2) NOT NULL,
    "ledger_credited" DECIMAL(16,2) NOT NULL,
    "provider_paid_out" DECIMAL(16,2) NOT NULL,
    "ledger_paid_out" DECIMAL(16,2) NOT NULL,
    "settled" DECIMAL(16,2) NOT NULL,
    "settlements_booked" INTEGER NOT NULL,
    "differences" INTEGER NOT NULL,
    CONSTRAINT "reconciliation_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reconciliation_runs_ran_by_fkey" FOREIGN KEY ("ran_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL
);
CREATE UNIQUE INDEX "reconciliation_runs_day" ON "reconciliation_runs"("provider", "day");

CREATE TABLE "reconciliation_differences" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "run_id" UUID NOT NULL,
    -- captured_not_credited, credited_not_captured, amount_differs, quarantined,
    -- payout_status_differs, payout_unknown, payout_missing.
    "kind" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "provider_amount" DECIMAL(16,2),
    "ledger_amount" DECIMAL(16,2),
    "detail" TEXT NOT NULL,
    CONSTRAINT "reconciliation_differences_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reconciliation_differences_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "reconciliation_runs"("id") ON DELETE CASCADE
);
CREATE INDEX "reconciliation_differences_run" ON "reconciliation_differences"("run_id");

-- A provider settlement booked once: the gateway clearing account is emptied into the escrow
-- account's cash, less the provider's fee and its GST, which the platform bears (ADR 0061).
CREATE TABLE "gateway_settlements" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "provider_settlement_id" TEXT NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "fees" DECIMAL(16,2) NOT NULL,
    "tax" DECIMAL(16,2) NOT NULL,
    "utr" TEXT,
    "settled_at" TIMESTAMPTZ(6) NOT NULL,
    "journal_id" UUID NOT NULL,
    "booked_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "gateway_settlements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "gateway_settlements_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "gateway_settlements_provider_id" ON "gateway_settlements"("provider", "provider_settlement_id");
