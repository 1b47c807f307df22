-- The payout provider's account funded from escrow (ADR 0073). A processed payout books what
-- the provider sent to an investor's bank in payout_clearing; the money itself left the escrow
-- account later, by a bank transfer to the provider's account. Recording that transfer moves
-- payout_clearing back to the platform's cash, once per UTR, so the clearing account shows
-- only what is still to be funded (or, when positive the other way, what is prefunded).
ALTER TYPE "ledger_journal_kind" ADD VALUE IF NOT EXISTS 'payout_funding';

CREATE TABLE "payout_fundings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "amount" DECIMAL(16,2) NOT NULL,
    "utr" TEXT NOT NULL,
    "funded_on" DATE NOT NULL,
    "journal_id" UUID NOT NULL,
    "recorded_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "payout_fundings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payout_fundings_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "payout_fundings_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "payout_fundings_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "payout_fundings_utr_format" CHECK ("utr" ~ '^[A-Z0-9]{6,35}$')
);
CREATE UNIQUE INDEX "payout_fundings_journal" ON "payout_fundings"("journal_id");
CREATE UNIQUE INDEX "payout_fundings_utr" ON "payout_fundings"("utr");
CREATE INDEX "payout_fundings_funded_on" ON "payout_fundings"("funded_on" DESC);
