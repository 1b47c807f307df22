-- Aangan: the complete data model (spec documents 000 and 001).
-- Hand-written to match prisma/schema.prisma; the invariants that Prisma's schema
-- language cannot express (CHECKs, immutability and balance triggers, partial
-- indexes) live here too. See docs/decisions/0002-migrations-as-sql.md.

-- ---------------------------------------------------------------- enums
CREATE TYPE "tier" AS ENUM ('explorer', 'waitlist_player', 'investor', 'small_investor', 'large_investor');
CREATE TYPE "kyc_status" AS ENUM ('pending', 'under_review', 'approved', 'rejected');
CREATE TYPE "property_type" AS ENUM ('residential', 'commercial', 'mixed', 'industrial', 'villa', 'apartment', 'office', 'retail');
CREATE TYPE "property_status" AS ENUM ('draft', 'upcoming', 'open', 'funded', 'closed');
CREATE TYPE "investment_status" AS ENUM ('confirmed', 'active', 'pending', 'completed', 'failed');
CREATE TYPE "transaction_type" AS ENUM ('investment', 'share_purchase', 'share_sale', 'dividend', 'deposit', 'withdrawal', 'fee');
CREATE TYPE "transaction_status" AS ENUM ('completed', 'pending', 'failed', 'processing');
CREATE TYPE "sell_request_status" AS ENUM ('active', 'pending', 'approved', 'completed', 'sold', 'cancelled', 'expired');
CREATE TYPE "hold_status" AS ENUM ('pending', 'reserved', 'cancelled', 'expired', 'settled');
CREATE TYPE "reservation_status" AS ENUM ('active', 'settled', 'released', 'expired');
CREATE TYPE "kyc_document_type" AS ENUM ('pan_card', 'aadhaar_front', 'aadhaar_back', 'passport', 'id_card', 'proof_of_address', 'bank_statement', 'selfie', 'other');
CREATE TYPE "verification_status" AS ENUM ('pending', 'approved', 'rejected');
CREATE TYPE "ticket_type" AS ENUM ('add_funds', 'withdraw_funds', 'subscription_request', 'general');
CREATE TYPE "ticket_status" AS ENUM ('open', 'in_progress', 'resolved', 'closed');
CREATE TYPE "ticket_priority" AS ENUM ('low', 'medium', 'high');
CREATE TYPE "property_document_type" AS ENUM ('legal_certificate', 'rera_approval', 'property_deed', 'tax_document', 'insurance', 'management_agreement', 'other');
CREATE TYPE "ledger_account_kind" AS ENUM ('user_available', 'user_held', 'platform_cash', 'property_issue', 'fees');

-- ---------------------------------------------------------------- people and access
CREATE TABLE "user_profiles" (
    "user_id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "google_subject" TEXT,
    "full_name" TEXT,
    "avatar_url" TEXT,
    "phone" TEXT,
    "date_of_birth" DATE,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "postal_code" TEXT,
    "country" TEXT,
    "tier" "tier" NOT NULL DEFAULT 'explorer',
    "subscription_active" BOOLEAN NOT NULL DEFAULT false,
    "trial_expires_at" TIMESTAMPTZ(6) NOT NULL,
    "tier_override_by_admin" BOOLEAN NOT NULL DEFAULT false,
    "tier_override_at" TIMESTAMPTZ(6),
    "tier_override_by" UUID,
    "kyc_status" "kyc_status" NOT NULL DEFAULT 'pending',
    "kyc_submitted_at" TIMESTAMPTZ(6),
    "kyc_approved_at" TIMESTAMPTZ(6),
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "last_activity_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_profiles_pkey" PRIMARY KEY ("user_id"),
    -- e-mail is stored lower-cased so the unique index is case-insensitive
    CONSTRAINT "user_profiles_email_lowercase" CHECK ("email" = lower("email") AND "email" LIKE '%_@_%')
);

CREATE TABLE "sessions" (
    "id_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "idle_expires_at" TIMESTAMPTZ(6) NOT NULL,
    "absolute_expires_at" TIMESTAMPTZ(6) NOT NULL,
    "user_agent" TEXT,
    "ip_address" TEXT,
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id_hash")
);

-- ---------------------------------------------------------------- money
CREATE TABLE "escrow_balances" (
    "user_id" UUID NOT NULL,
    "available_balance" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "held_balance" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "escrow_balances_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "escrow_balances_available_not_negative" CHECK ("available_balance" >= 0),
    CONSTRAINT "escrow_balances_held_not_negative" CHECK ("held_balance" >= 0)
);

CREATE TABLE "ledger_accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "code" TEXT NOT NULL,
    "kind" "ledger_account_kind" NOT NULL,
    "user_id" UUID,
    "property_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (
        ("kind" IN ('user_available', 'user_held') AND "user_id" IS NOT NULL AND "property_id" IS NULL)
        OR ("kind" = 'property_issue' AND "property_id" IS NOT NULL AND "user_id" IS NULL)
        OR ("kind" IN ('platform_cash', 'fees') AND "user_id" IS NULL AND "property_id" IS NULL)
    )
);

CREATE TABLE "ledger_journals" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "reverses_journal_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_journals_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ledger_postings" (
    "id" BIGSERIAL NOT NULL,
    "journal_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("amount" <> 0)
);

CREATE TABLE "transactions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "property_id" TEXT,
    "transaction_type" "transaction_type" NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "fee" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "shares" INTEGER,
    "price_per_share" DECIMAL(16,2),
    "status" "transaction_status" NOT NULL DEFAULT 'completed',
    "description" TEXT,
    "reference_id" TEXT,
    "idempotency_key" TEXT,
    "journal_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transactions_amount_not_negative" CHECK ("amount" >= 0),
    CONSTRAINT "transactions_fee_not_negative" CHECK ("fee" >= 0),
    CONSTRAINT "transactions_shares_positive" CHECK ("shares" IS NULL OR "shares" > 0)
);

-- ---------------------------------------------------------------- properties and holdings
CREATE TABLE "properties" (
    "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL,
    "state" TEXT,
    "country" TEXT NOT NULL DEFAULT 'India',
    "property_type" "property_type" NOT NULL DEFAULT 'residential',
    "property_status" "property_status" NOT NULL DEFAULT 'draft',
    "total_value" DECIMAL(16,2) NOT NULL,
    "share_price" DECIMAL(16,2) NOT NULL,
    "total_shares" INTEGER NOT NULL,
    "available_shares" INTEGER NOT NULL,
    "minimum_investment" DECIMAL(16,2) NOT NULL,
    "maximum_investment" DECIMAL(16,2),
    "expected_annual_return" DECIMAL(5,2),
    "actual_roi_percentage" DECIMAL(5,2),
    "funding_goal" DECIMAL(16,2) NOT NULL,
    "funded_amount" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "investment_start_date" DATE,
    "investment_end_date" DATE,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "images" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "shares_sellable" BOOLEAN NOT NULL DEFAULT false,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "properties_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "properties_share_price_positive" CHECK ("share_price" > 0),
    CONSTRAINT "properties_total_value_not_negative" CHECK ("total_value" >= 0),
    CONSTRAINT "properties_funding_goal_not_negative" CHECK ("funding_goal" >= 0),
    CONSTRAINT "properties_funded_amount_not_negative" CHECK ("funded_amount" >= 0),
    CONSTRAINT "properties_total_shares_not_negative" CHECK ("total_shares" >= 0),
    CONSTRAINT "properties_available_shares_in_range" CHECK ("available_shares" >= 0 AND "available_shares" <= "total_shares"),
    CONSTRAINT "properties_minimum_not_negative" CHECK ("minimum_investment" >= 0),
    CONSTRAINT "properties_maximum_above_minimum" CHECK ("maximum_investment" IS NULL OR "maximum_investment" >= "minimum_investment"),
    CONSTRAINT "properties_expected_return_in_range" CHECK ("expected_annual_return" IS NULL OR "expected_annual_return" BETWEEN 0 AND 100),
    CONSTRAINT "properties_actual_roi_in_range" CHECK ("actual_roi_percentage" IS NULL OR "actual_roi_percentage" BETWEEN 0 AND 100),
    CONSTRAINT "properties_dates_ordered" CHECK ("investment_end_date" IS NULL OR "investment_start_date" IS NULL OR "investment_end_date" >= "investment_start_date")
);

CREATE TABLE "property_documents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "document_type" "property_document_type" NOT NULL,
    "document_name" TEXT NOT NULL,
    "description" TEXT,
    "storage_key" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "mime_type" TEXT NOT NULL,
    "uploaded_by" UUID,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "uploaded_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "property_documents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_documents_file_size_not_negative" CHECK ("file_size" >= 0)
);

CREATE TABLE "investments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares_owned" INTEGER NOT NULL,
    "price_per_share" DECIMAL(16,2) NOT NULL,
    "total_investment" DECIMAL(16,2) NOT NULL,
    "investment_status" "investment_status" NOT NULL DEFAULT 'confirmed',
    "investment_date" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "transaction_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "investments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "investments_shares_positive" CHECK ("shares_owned" > 0),
    CONSTRAINT "investments_price_positive" CHECK ("price_per_share" > 0),
    CONSTRAINT "investments_total_not_negative" CHECK ("total_investment" >= 0)
);

CREATE TABLE "user_property_positions" (
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "avg_price" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "cost_basis" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "realised_profit" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_property_positions_pkey" PRIMARY KEY ("user_id","property_id"),
    CONSTRAINT "user_property_positions_shares_not_negative" CHECK ("shares" >= 0),
    CONSTRAINT "user_property_positions_cost_not_negative" CHECK ("cost_basis" >= 0 AND "avg_price" >= 0)
);

-- ---------------------------------------------------------------- engagement
CREATE TABLE "watchlist" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "notes" VARCHAR(500),
    "added_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "watchlist_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "user_alerts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "alert_type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "property_id" TEXT,
    "is_read" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_alerts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "user_events" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID,
    "event_name" TEXT NOT NULL,
    "property_id" TEXT,
    "event_props" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "user_events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "property_engagements" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "view_count" INTEGER NOT NULL DEFAULT 0,
    "last_viewed_at" TIMESTAMPTZ(6),
    "watchlist_added_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "property_engagements_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_engagements_view_count_not_negative" CHECK ("view_count" >= 0)
);

-- ---------------------------------------------------------------- secondary market
CREATE TABLE "share_sell_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seller_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares_to_sell" INTEGER NOT NULL,
    "remaining_shares" INTEGER NOT NULL,
    "price_per_share" DECIMAL(16,2) NOT NULL,
    "total_amount" DECIMAL(16,2) NOT NULL,
    "status" "sell_request_status" NOT NULL DEFAULT 'active',
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "notes" TEXT,
    "admin_notes" TEXT,
    "buyer_id" UUID,
    "sold_at" TIMESTAMPTZ(6),
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "share_sell_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "share_sell_requests_shares_positive" CHECK ("shares_to_sell" > 0),
    CONSTRAINT "share_sell_requests_remaining_in_range" CHECK ("remaining_shares" >= 0 AND "remaining_shares" <= "shares_to_sell"),
    CONSTRAINT "share_sell_requests_price_minimum" CHECK ("price_per_share" >= 0.01),
    CONSTRAINT "share_sell_requests_total_not_negative" CHECK ("total_amount" >= 0)
);

CREATE TABLE "share_buyer_holds" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "order_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "shares" INTEGER NOT NULL,
    "price_per_share" DECIMAL(16,2) NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "hold_status" "hold_status" NOT NULL DEFAULT 'pending',
    "buyer_confirmed" BOOLEAN NOT NULL DEFAULT false,
    "seller_confirmed" BOOLEAN NOT NULL DEFAULT false,
    "hold_expires_at" TIMESTAMPTZ(6) NOT NULL,
    "journal_id" UUID,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "share_buyer_holds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "share_buyer_holds_shares_positive" CHECK ("shares" > 0),
    CONSTRAINT "share_buyer_holds_amount_not_negative" CHECK ("amount" >= 0),
    CONSTRAINT "share_buyer_holds_not_self" CHECK ("buyer_id" <> "seller_id")
);

CREATE TABLE "share_reservations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "order_id" UUID NOT NULL,
    "hold_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares" INTEGER NOT NULL,
    "price_per_share" DECIMAL(16,2) NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "status" "reservation_status" NOT NULL DEFAULT 'active',
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "settled_at" TIMESTAMPTZ(6),
    "settled_by" UUID,
    "settlement_notes" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "share_reservations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "share_reservations_shares_positive" CHECK ("shares" > 0),
    CONSTRAINT "share_reservations_amount_not_negative" CHECK ("amount" >= 0)
);

-- ---------------------------------------------------------------- KYC and support
CREATE TABLE "kyc_documents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "document_type" "kyc_document_type" NOT NULL,
    "file_name" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "verification_status" "verification_status" NOT NULL DEFAULT 'pending',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "admin_notes" TEXT,
    "reviewed_by" UUID,
    "reviewed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "kyc_documents_pkey" PRIMARY KEY ("id"),
    -- the spec's stated limit: 5 MB per KYC file
    CONSTRAINT "kyc_documents_file_size_limit" CHECK ("file_size" >= 0 AND "file_size" <= 5242880)
);

CREATE TABLE "support_tickets" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "ticket_type" "ticket_type" NOT NULL,
    "subject" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "amount" DECIMAL(16,2),
    "user_contact_info" JSONB NOT NULL DEFAULT '{}',
    "priority" "ticket_priority" NOT NULL DEFAULT 'medium',
    "status" "ticket_status" NOT NULL DEFAULT 'open',
    "admin_response" TEXT,
    "handled_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "support_tickets_pkey" PRIMARY KEY ("id"),
    -- fund requests carry the spec's minimum of 1,000 rupees
    CONSTRAINT "support_tickets_fund_amount" CHECK (
        "ticket_type" NOT IN ('add_funds', 'withdraw_funds') OR ("amount" IS NOT NULL AND "amount" >= 1000)
    )
);

-- ---------------------------------------------------------------- administration
CREATE TABLE "admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "admin_id" UUID,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "notes_analyses" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "total_notes" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "analyzed_by" UUID,
    "analyzed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notes_analyses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notes_analyses_total_positive" CHECK ("total_notes" > 0)
);

-- ---------------------------------------------------------------- indexes
CREATE UNIQUE INDEX "user_profiles_email_key" ON "user_profiles"("email");
CREATE UNIQUE INDEX "user_profiles_google_subject_key" ON "user_profiles"("google_subject");
CREATE INDEX "user_profiles_kyc_status_kyc_submitted_at_idx" ON "user_profiles"("kyc_status", "kyc_submitted_at" DESC);
CREATE INDEX "user_profiles_created_at_idx" ON "user_profiles"("created_at" DESC);
CREATE INDEX "user_profiles_updated_at_idx" ON "user_profiles"("updated_at" DESC);
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
CREATE INDEX "sessions_absolute_expires_at_idx" ON "sessions"("absolute_expires_at");
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts"("code");
CREATE INDEX "ledger_accounts_user_id_idx" ON "ledger_accounts"("user_id");
CREATE INDEX "ledger_accounts_property_id_idx" ON "ledger_accounts"("property_id");
CREATE UNIQUE INDEX "ledger_journals_idempotency_key_key" ON "ledger_journals"("idempotency_key");
CREATE UNIQUE INDEX "ledger_journals_reverses_journal_id_key" ON "ledger_journals"("reverses_journal_id");
CREATE INDEX "ledger_journals_created_at_idx" ON "ledger_journals"("created_at");
CREATE INDEX "ledger_postings_journal_id_idx" ON "ledger_postings"("journal_id");
CREATE INDEX "ledger_postings_account_id_idx" ON "ledger_postings"("account_id");
CREATE UNIQUE INDEX "transactions_idempotency_key_key" ON "transactions"("idempotency_key");
CREATE INDEX "transactions_user_id_created_at_idx" ON "transactions"("user_id", "created_at" DESC);
CREATE INDEX "transactions_user_id_transaction_type_created_at_idx" ON "transactions"("user_id", "transaction_type", "created_at" DESC);
CREATE INDEX "transactions_property_id_idx" ON "transactions"("property_id");
CREATE INDEX "transactions_journal_id_idx" ON "transactions"("journal_id");
CREATE INDEX "properties_property_status_created_at_idx" ON "properties"("property_status", "created_at" DESC);
CREATE INDEX "properties_created_at_idx" ON "properties"("created_at" DESC);
CREATE INDEX "properties_title_idx" ON "properties"("title");
CREATE INDEX "property_documents_property_id_uploaded_at_idx" ON "property_documents"("property_id", "uploaded_at" DESC);
CREATE UNIQUE INDEX "investments_transaction_id_key" ON "investments"("transaction_id");
CREATE INDEX "investments_user_id_investment_status_idx" ON "investments"("user_id", "investment_status");
CREATE INDEX "investments_property_id_investment_status_idx" ON "investments"("property_id", "investment_status");
CREATE INDEX "investments_created_at_idx" ON "investments"("created_at" DESC);
CREATE INDEX "user_property_positions_property_id_idx" ON "user_property_positions"("property_id");
CREATE UNIQUE INDEX "watchlist_user_id_property_id_key" ON "watchlist"("user_id", "property_id");
CREATE INDEX "watchlist_property_id_idx" ON "watchlist"("property_id");
CREATE INDEX "watchlist_updated_at_idx" ON "watchlist"("updated_at" DESC);
CREATE INDEX "user_alerts_user_id_created_at_idx" ON "user_alerts"("user_id", "created_at" DESC);
CREATE INDEX "user_alerts_property_id_idx" ON "user_alerts"("property_id");
CREATE INDEX "user_events_created_at_idx" ON "user_events"("created_at" DESC);
CREATE INDEX "user_events_user_id_created_at_idx" ON "user_events"("user_id", "created_at" DESC);
CREATE UNIQUE INDEX "property_engagements_user_id_property_id_key" ON "property_engagements"("user_id", "property_id");
CREATE INDEX "property_engagements_property_id_idx" ON "property_engagements"("property_id");
CREATE UNIQUE INDEX "share_sell_requests_idempotency_key_key" ON "share_sell_requests"("idempotency_key");
CREATE INDEX "share_sell_requests_property_id_status_price_per_share_idx" ON "share_sell_requests"("property_id", "status", "price_per_share");
CREATE INDEX "share_sell_requests_seller_id_status_idx" ON "share_sell_requests"("seller_id", "status");
CREATE INDEX "share_sell_requests_status_expires_at_idx" ON "share_sell_requests"("status", "expires_at");
CREATE UNIQUE INDEX "share_buyer_holds_idempotency_key_key" ON "share_buyer_holds"("idempotency_key");
CREATE INDEX "share_buyer_holds_order_id_idx" ON "share_buyer_holds"("order_id");
CREATE INDEX "share_buyer_holds_buyer_id_hold_status_idx" ON "share_buyer_holds"("buyer_id", "hold_status");
CREATE INDEX "share_buyer_holds_seller_id_hold_status_idx" ON "share_buyer_holds"("seller_id", "hold_status");
CREATE INDEX "share_buyer_holds_hold_status_hold_expires_at_idx" ON "share_buyer_holds"("hold_status", "hold_expires_at");
CREATE UNIQUE INDEX "share_reservations_hold_id_key" ON "share_reservations"("hold_id");
CREATE INDEX "share_reservations_status_expires_at_idx" ON "share_reservations"("status", "expires_at");
CREATE INDEX "share_reservations_order_id_idx" ON "share_reservations"("order_id");
CREATE INDEX "kyc_documents_user_id_created_at_idx" ON "kyc_documents"("user_id", "created_at" DESC);
CREATE INDEX "support_tickets_status_created_at_idx" ON "support_tickets"("status", "created_at" DESC);
CREATE INDEX "support_tickets_user_id_created_at_idx" ON "support_tickets"("user_id", "created_at" DESC);
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log"("created_at" DESC);
CREATE INDEX "admin_audit_log_target_type_target_id_idx" ON "admin_audit_log"("target_type", "target_id");
CREATE INDEX "notes_analyses_property_id_analyzed_at_idx" ON "notes_analyses"("property_id", "analyzed_at" DESC);

-- Partial indexes Prisma's schema language cannot declare.
-- One open subscription request per user: a second click says "already requested".
CREATE UNIQUE INDEX "support_tickets_one_open_subscription_request"
    ON "support_tickets"("user_id") WHERE "ticket_type" = 'subscription_request' AND "status" IN ('open', 'in_progress');
-- The alerts bell counts unread alerts per user.
CREATE INDEX "user_alerts_unread_idx" ON "user_alerts"("user_id") WHERE "is_read" = false;
-- The marketplace query: active listings of a property, cheapest first.
CREATE INDEX "share_sell_requests_open_listings_idx"
    ON "share_sell_requests"("property_id", "price_per_share") WHERE "status" = 'active' AND "remaining_shares" > 0;

-- ---------------------------------------------------------------- foreign keys
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_tier_override_by_fkey" FOREIGN KEY ("tier_override_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "escrow_balances" ADD CONSTRAINT "escrow_balances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_journal_id_fkey" FOREIGN KEY ("reverses_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_uploaded_by_fkey" FOREIGN KEY ("uploaded_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "investments" ADD CONSTRAINT "investments_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "investments" ADD CONSTRAINT "investments_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "user_property_positions" ADD CONSTRAINT "user_property_positions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "user_property_positions" ADD CONSTRAINT "user_property_positions_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_alerts" ADD CONSTRAINT "user_alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_alerts" ADD CONSTRAINT "user_alerts_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "property_engagements" ADD CONSTRAINT "property_engagements_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "property_engagements" ADD CONSTRAINT "property_engagements_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "share_sell_requests" ADD CONSTRAINT "share_sell_requests_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_sell_requests" ADD CONSTRAINT "share_sell_requests_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "share_sell_requests" ADD CONSTRAINT "share_sell_requests_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_buyer_holds" ADD CONSTRAINT "share_buyer_holds_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "share_sell_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_buyer_holds" ADD CONSTRAINT "share_buyer_holds_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_buyer_holds" ADD CONSTRAINT "share_buyer_holds_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_buyer_holds" ADD CONSTRAINT "share_buyer_holds_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "share_sell_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "share_buyer_holds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_settled_by_fkey" FOREIGN KEY ("settled_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "share_reservations" ADD CONSTRAINT "share_reservations_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_fkey" FOREIGN KEY ("reviewed_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_handled_by_fkey" FOREIGN KEY ("handled_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "notes_analyses" ADD CONSTRAINT "notes_analyses_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notes_analyses" ADD CONSTRAINT "notes_analyses_analyzed_by_fkey" FOREIGN KEY ("analyzed_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ---------------------------------------------------------------- ledger invariants
-- Postings and journals are history: never updated, deleted or truncated. A mistake is
-- corrected by a reversing journal.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger rows in % are immutable; post a reversing journal instead', TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "ledger_postings"
    FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
    FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_journals_immutable" BEFORE UPDATE OR DELETE ON "ledger_journals"
    FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_journals_no_truncate" BEFORE TRUNCATE ON "ledger_journals"
    FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();

-- At commit, every journal touched must have at least two postings summing to zero.
-- Deferred, so a journal's postings may be inserted one by one inside its transaction.
CREATE FUNCTION "ledger_assert_balanced"(journal UUID) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    total NUMERIC;
    posting_count INTEGER;
BEGIN
    SELECT COALESCE(SUM("amount"), 0), COUNT(*) INTO total, posting_count
      FROM "ledger_postings" WHERE "journal_id" = journal;
    IF posting_count < 2 OR total <> 0 THEN
        RAISE EXCEPTION 'journal % is unbalanced: % postings summing to %', journal, posting_count, total
            USING ERRCODE = 'check_violation';
    END IF;
END;
$$;

CREATE FUNCTION "ledger_postings_assert_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "ledger_assert_balanced"(NEW."journal_id");
    RETURN NULL;
END;
$$;

CREATE FUNCTION "ledger_journals_assert_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM "ledger_assert_balanced"(NEW."id");
    RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_postings_assert_balanced"();
CREATE CONSTRAINT TRIGGER "ledger_journals_balanced" AFTER INSERT ON "ledger_journals"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_journals_assert_balanced"();
