-- Withdrawals paid out to verified bank accounts (issue 27, ADR 0064). A payout moves the
-- investor's held rupees to the payout clearing account when the bank confirms it: what the
-- payout provider has sent for Aangan and the escrow account has yet to fund.
ALTER TYPE "ledger_account_kind" ADD VALUE IF NOT EXISTS 'payout_clearing';

ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_kind";
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (
    ("kind"::text IN ('user_available', 'user_held') AND "user_id" IS NOT NULL AND "property_id" IS NULL)
    OR ("kind"::text IN ('property_issue', 'property_distribution') AND "property_id" IS NOT NULL AND "user_id" IS NULL)
    OR ("kind"::text IN ('platform_cash', 'fees', 'gateway_clearing', 'payout_clearing') AND "user_id" IS NULL AND "property_id" IS NULL)
);

-- The bank account an investor's withdrawals go to, as registered with the payout provider
-- (contact and fund account) and checked by a penny drop. The full account number is sent to
-- the provider once and never stored here; a new entry supersedes the investor's last one.
CREATE TABLE "bank_accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "holder_name" TEXT NOT NULL,
    "masked_number" TEXT NOT NULL,
    "ifsc" TEXT NOT NULL,
    "bank_name" TEXT NOT NULL,
    "account_type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_contact_id" TEXT,
    "provider_fund_account_id" TEXT,
    "validation_id" TEXT,
    -- pending: asked, no answer yet; active: the bank knows the account; invalid: it does not;
    -- failed: the check itself failed; unavailable: the provider could not be reached.
    "validation_status" TEXT NOT NULL DEFAULT 'pending',
    "registered_name" TEXT,
    "name_match_score" INTEGER,
    "validation_error" TEXT,
    "validated_at" TIMESTAMPTZ(6),
    "superseded_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bank_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bank_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "bank_accounts_status_known" CHECK ("validation_status" IN ('pending', 'active', 'invalid', 'failed', 'unavailable')),
    CONSTRAINT "bank_accounts_score_range" CHECK ("name_match_score" IS NULL OR "name_match_score" BETWEEN 0 AND 100),
    -- Active means checked: the provider's fund account and the name the bank holds are known.
    CONSTRAINT "bank_accounts_active_is_checked" CHECK (
        "validation_status" <> 'active' OR ("provider_fund_account_id" IS NOT NULL AND "registered_name" IS NOT NULL AND "validated_at" IS NOT NULL)
    )
);
CREATE UNIQUE INDEX "bank_accounts_current" ON "bank_accounts"("user_id") WHERE "superseded_at" IS NULL;
CREATE UNIQUE INDEX "bank_accounts_validation" ON "bank_accounts"("provider", "validation_id");
CREATE INDEX "bank_accounts_user_created" ON "bank_accounts"("user_id", "created_at" DESC);

-- One payout per withdrawal request: queued here (its id is the provider's idempotency key),
-- then sent; the bank's answer posts or voids the request's hold exactly once.
CREATE TABLE "payouts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "bank_account_id" UUID NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_payout_id" TEXT,
    -- queued: not yet accepted by the provider; processing: with the bank; processed: paid
    -- (UTR known); reversed: the bank returned it; failed: never paid.
    "status" TEXT NOT NULL DEFAULT 'queued',
    "utr" TEXT,
    "failure_reason" TEXT,
    "hold_journal_id" UUID NOT NULL,
    "journal_id" UUID,
    "reversal_journal_id" UUID,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "approved_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(6),
    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payouts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "support_tickets"("id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_bank_account_id_fkey" FOREIGN KEY ("bank_account_id") REFERENCES "bank_accounts"("id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_hold_journal_id_fkey" FOREIGN KEY ("hold_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_reversal_journal_id_fkey" FOREIGN KEY ("reversal_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "payouts_approved_by_fkey" FOREIGN KEY ("approved_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL,
    CONSTRAINT "payouts_status_known" CHECK ("status" IN ('queued', 'processing', 'processed', 'reversed', 'failed')),
    CONSTRAINT "payouts_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "payouts_processed_is_posted" CHECK ("status" <> 'processed' OR ("journal_id" IS NOT NULL AND "utr" IS NOT NULL AND "processed_at" IS NOT NULL))
);
CREATE UNIQUE INDEX "payouts_ticket" ON "payouts"("ticket_id");
CREATE UNIQUE INDEX "payouts_provider_payout" ON "payouts"("provider", "provider_payout_id");
CREATE INDEX "payouts_open" ON "payouts"("created_at") WHERE "status" IN ('queued', 'processing');
CREATE INDEX "payouts_user_created" ON "payouts"("user_id", "created_at" DESC);

-- A gateway order nobody paid ends (ADR 0064): 'expired' holds no money; a capture that still
-- arrives later is credited as any capture is.
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_status_known";
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_status_known"
    CHECK ("status" IN ('created', 'pending', 'paid', 'failed', 'quarantined', 'expired'));
CREATE INDEX "payment_orders_open" ON "payment_orders"("created_at") WHERE "status" IN ('created', 'pending');

-- The bank's reference (UTR) of a withdrawal an admin paid by hand, typed when resolving it.
ALTER TABLE "support_tickets" ADD COLUMN "bank_reference" TEXT;
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_bank_reference_format"
    CHECK ("bank_reference" IS NULL OR "bank_reference" ~ '^[A-Z0-9]{6,30}$');

-- An admin's decision on a quarantined payment (ADR 0064): refunded to the payer through the
-- gateway, or credited to the wallet by the deposit journal (keyed by the payment, so once).
ALTER TABLE "payment_exceptions" ADD COLUMN "refund_id" TEXT;
ALTER TABLE "payment_exceptions" ADD COLUMN "journal_id" UUID;
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_journal_id_fkey"
    FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT;
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_resolution_known"
    CHECK ("resolution" IS NULL OR "resolution" IN ('refund_requested', 'refunded', 'credited'));
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_decided"
    CHECK (("resolution" IN ('refunded', 'credited')) = ("resolved_at" IS NOT NULL)
           AND ("resolution" <> 'credited' OR "journal_id" IS NOT NULL)
           AND ("resolution" <> 'refunded' OR "refund_id" IS NOT NULL));
