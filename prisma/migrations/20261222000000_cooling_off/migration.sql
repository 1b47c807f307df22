-- Cooling-off (issue 28, ADR 0068): an investor may cancel a primary purchase within 48 hours
-- while the raise is open. The purchase and its transaction are marked cancelled (so every
-- figure reads them as never made) and a reversal journal returns the shares' price and fee.
ALTER TYPE "investment_status" ADD VALUE IF NOT EXISTS 'cancelled';
ALTER TYPE "transaction_status" ADD VALUE IF NOT EXISTS 'cancelled';

ALTER TABLE "investments" ADD COLUMN "cancelled_at" TIMESTAMPTZ(6);
ALTER TABLE "investments" ADD COLUMN "cancellation_journal_id" UUID;
ALTER TABLE "investments" ADD CONSTRAINT "investments_cancellation_journal_id_fkey"
    FOREIGN KEY ("cancellation_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT;
CREATE UNIQUE INDEX "investments_cancellation_journal_id_key" ON "investments"("cancellation_journal_id");
ALTER TABLE "investments" ADD CONSTRAINT "investments_cancelled_is_refunded"
    CHECK (("cancelled_at" IS NULL) = ("cancellation_journal_id" IS NULL));
