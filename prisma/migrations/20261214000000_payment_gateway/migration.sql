-- Deposits through a payment gateway (issue 27, ADR 0061). A gateway deposit credits the
-- investor from the gateway clearing account: what the gateway has captured for us and not
-- yet settled to the escrow account. Every order, webhook and exception is kept.
ALTER TYPE "ledger_account_kind" ADD VALUE IF NOT EXISTS 'gateway_clearing';

-- The new enum value cannot be used as an enum in this transaction, so the owner rule
-- compares the kind as text.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_kind";
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (
    ("kind"::text IN ('user_available', 'user_held') AND "user_id" IS NOT NULL AND "property_id" IS NULL)
    OR ("kind"::text IN ('property_issue', 'property_distribution') AND "property_id" IS NOT NULL AND "user_id" IS NULL)
    OR ("kind"::text IN ('platform_cash', 'fees', 'gateway_clearing') AND "user_id" IS NULL AND "property_id" IS NULL)
);

-- An investor's payment to their wallet through the gateway: created here first (keyed by the
-- form's idempotency key), then at the gateway; credited once, by the payment that paid it.
CREATE TABLE "payment_orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL DEFAULT 'deposit',
    "amount" DECIMAL(16,2) NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_order_id" TEXT,
    "idempotency_key" TEXT NOT NULL,
    -- created: waiting for the payer; pending: the bank has not confirmed yet; paid: credited;
    -- failed: the payment failed (a new order is needed); quarantined: paid with another amount.
    "status" TEXT NOT NULL DEFAULT 'created',
    "provider_payment_id" TEXT,
    "paid_amount" DECIMAL(16,2),
    "method" TEXT,
    "failure_reason" TEXT,
    "journal_id" UUID,
    "credited_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "payment_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_orders_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "payment_orders_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "payment_orders_purpose_known" CHECK ("purpose" IN ('deposit')),
    CONSTRAINT "payment_orders_status_known" CHECK ("status" IN ('created', 'pending', 'paid', 'failed', 'quarantined')),
    CONSTRAINT "payment_orders_amount_positive" CHECK ("amount" > 0),
    -- Paid means credited: the payment, its amount and the journal are all recorded.
    CONSTRAINT "payment_orders_paid_is_credited" CHECK (
        "status" <> 'paid' OR ("provider_payment_id" IS NOT NULL AND "journal_id" IS NOT NULL AND "paid_amount" = "amount" AND "credited_at" IS NOT NULL)
    )
);
CREATE UNIQUE INDEX "payment_orders_user_key" ON "payment_orders"("user_id", "idempotency_key");
CREATE UNIQUE INDEX "payment_orders_provider_order" ON "payment_orders"("provider", "provider_order_id");
CREATE UNIQUE INDEX "payment_orders_provider_payment" ON "payment_orders"("provider", "provider_payment_id");
CREATE INDEX "payment_orders_user_created" ON "payment_orders"("user_id", "created_at" DESC);

-- Every webhook that passed its signature, as received: the inbox it is processed from, and
-- replayed from. The provider's event id makes a re-delivery the same row.
CREATE TABLE "payment_webhook_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "deliveries" INTEGER NOT NULL DEFAULT 1,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(6),
    "outcome" TEXT,
    "last_error" TEXT,
    CONSTRAINT "payment_webhook_events_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events"("provider", "event_id");
CREATE INDEX "payment_webhook_events_unprocessed" ON "payment_webhook_events"("received_at") WHERE "processed_at" IS NULL;

-- Money the gateway took that the app did not credit: a payment whose amount differs from its
-- order, or a second payment of an order already paid. An admin decides (refund or credit).
CREATE TABLE "payment_exceptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "payment_order_id" UUID NOT NULL,
    "provider_payment_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "expected_amount" DECIMAL(16,2) NOT NULL,
    "paid_amount" DECIMAL(16,2) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(6),
    "resolved_by" UUID,
    "resolution" TEXT,
    CONSTRAINT "payment_exceptions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_exceptions_order_fkey" FOREIGN KEY ("payment_order_id") REFERENCES "payment_orders"("id") ON DELETE RESTRICT,
    CONSTRAINT "payment_exceptions_reason_known" CHECK ("reason" IN ('amount_mismatch', 'second_payment'))
);
CREATE UNIQUE INDEX "payment_exceptions_payment" ON "payment_exceptions"("provider_payment_id");
