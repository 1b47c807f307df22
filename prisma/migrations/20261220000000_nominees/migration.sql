-- Nominees, transmission on death and the holdings certificate (issue 28 items 3 and 7, ADR 0066).
ALTER TYPE "ledger_journal_kind" ADD VALUE IF NOT EXISTS 'transmission';
ALTER TYPE "transaction_type" ADD VALUE IF NOT EXISTS 'transmission_in';
ALTER TYPE "transaction_type" ADD VALUE IF NOT EXISTS 'transmission_out';

-- A deceased investor's account after transmission: no session, no sign-in, nothing moves.
ALTER TABLE "user_profiles" ADD COLUMN "frozen_at" TIMESTAMPTZ(6);

-- The investor's choice: nominees (rows below) or an explicit, recorded opt-out.
CREATE TABLE "nomination_declarations" (
    "user_id" UUID NOT NULL,
    "opted_out" BOOLEAN NOT NULL,
    "declared_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "nomination_declarations_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "nomination_declarations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE
);

-- At most ten nominees (position 1..10, unique per investor); their shares sum to 100 (checked in the domain).
CREATE TABLE "nominees" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "full_name" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "date_of_birth" DATE NOT NULL,
    "share_percent" DECIMAL(5,2) NOT NULL,
    "contact" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "nominees_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "nominees_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "nomination_declarations"("user_id") ON DELETE CASCADE,
    CONSTRAINT "nominees_position_range" CHECK ("position" BETWEEN 1 AND 10),
    CONSTRAINT "nominees_share_range" CHECK ("share_percent" > 0 AND "share_percent" <= 100)
);
CREATE UNIQUE INDEX "nominees_user_position" ON "nominees"("user_id", "position");

-- A transmission: recorded by one admin, carried out when a second approves (money_approvals kind 'transmission').
CREATE TABLE "transmissions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "deceased_id" UUID NOT NULL,
    "death_certificate_reference" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting',
    "recorded_by" UUID NOT NULL,
    "approved_by" UUID,
    "journal_id" UUID,
    "wallet_amount" DECIMAL(16,2),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),
    CONSTRAINT "transmissions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transmissions_deceased_id_fkey" FOREIGN KEY ("deceased_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "transmissions_recorded_by_fkey" FOREIGN KEY ("recorded_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "transmissions_approved_by_fkey" FOREIGN KEY ("approved_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "transmissions_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "transmissions_status_known" CHECK ("status" IN ('awaiting', 'completed', 'rejected', 'failed')),
    CONSTRAINT "transmissions_second_admin" CHECK ("approved_by" IS NULL OR "approved_by" <> "recorded_by")
);
-- One live transmission per deceased investor: waiting or done, never two.
CREATE UNIQUE INDEX "transmissions_one_per_deceased" ON "transmissions"("deceased_id") WHERE "status" IN ('awaiting', 'completed');

CREATE TABLE "transmission_recipients" (
    "transmission_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "share_percent" DECIMAL(5,2) NOT NULL,
    "amount" DECIMAL(16,2),
    CONSTRAINT "transmission_recipients_pkey" PRIMARY KEY ("transmission_id", "user_id"),
    CONSTRAINT "transmission_recipients_transmission_id_fkey" FOREIGN KEY ("transmission_id") REFERENCES "transmissions"("id") ON DELETE CASCADE,
    CONSTRAINT "transmission_recipients_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "transmission_recipients_share_range" CHECK ("share_percent" > 0 AND "share_percent" <= 100)
);
CREATE INDEX "transmission_recipients_user_id_idx" ON "transmission_recipients"("user_id");

-- One share transfer per property a transmission moved (the per-nominee split is in transactions).
CREATE TABLE "transmission_share_transfers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "transmission_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares" INTEGER NOT NULL,
    "allocation" JSONB NOT NULL,
    CONSTRAINT "transmission_share_transfers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transmission_share_transfers_transmission_id_fkey" FOREIGN KEY ("transmission_id") REFERENCES "transmissions"("id") ON DELETE RESTRICT,
    CONSTRAINT "transmission_share_transfers_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "transmission_share_transfers_shares_positive" CHECK ("shares" > 0)
);
CREATE UNIQUE INDEX "transmission_share_transfers_once" ON "transmission_share_transfers"("transmission_id", "property_id");
CREATE INDEX "transmission_share_transfers_property_id_idx" ON "transmission_share_transfers"("property_id");

-- The queue carries transmissions too; the amount is the wallet balance moved (0 when only shares move).
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_kind_known";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_kind_known"
  CHECK ("kind" IN ('ticket_resolve', 'reservation_settle', 'admin_grant', 'admin_revoke', 'transmission'));
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_amount_positive";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_amount_positive"
  CHECK (CASE WHEN "kind" IN ('admin_grant', 'admin_revoke') THEN "amount" = 0
              WHEN "kind" = 'transmission' THEN "amount" >= 0
              ELSE "amount" > 0 END);

ALTER TABLE "reauth_drafts" DROP CONSTRAINT "reauth_drafts_purpose_known";
ALTER TABLE "reauth_drafts" ADD CONSTRAINT "reauth_drafts_purpose_known" CHECK ("purpose" IN ('withdraw', 'bank', 'nominees'));

-- A holdings certificate as issued: what it certified and the HMAC that lets an admin confirm it.
CREATE TABLE "holdings_certificates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "code" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "issued_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "holdings_certificates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "holdings_certificates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "holdings_certificates_code_key" ON "holdings_certificates"("code");
CREATE INDEX "holdings_certificates_user_id_idx" ON "holdings_certificates"("user_id");
