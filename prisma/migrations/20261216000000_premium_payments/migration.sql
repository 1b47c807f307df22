-- Premium paid through the payment gateway (issue 27 item 8, ADR 0063). The price is a setting
-- an admin changes (each change a new row, audited); a paid premium order starts or extends a
-- subscription period; the money goes from the gateway clearing account to platform revenue,
-- never into the wallet. The staff path stays, as a waiver: a period without an end date.
ALTER TYPE "ledger_journal_kind" ADD VALUE IF NOT EXISTS 'subscription';

-- The Premium price, GST included, and the months it buys. The newest row is in force; older
-- rows say what earlier orders were priced at.
CREATE TABLE "premium_prices" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "price" DECIMAL(16,2) NOT NULL,
    "months" INTEGER NOT NULL,
    "set_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "premium_prices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "premium_prices_set_by_fkey" FOREIGN KEY ("set_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "premium_prices_price_bounds" CHECK ("price" >= 1 AND "price" <= 1000000),
    CONSTRAINT "premium_prices_months_bounds" CHECK ("months" BETWEEN 1 AND 36)
);
CREATE INDEX "premium_prices_newest" ON "premium_prices"("created_at" DESC);
INSERT INTO "premium_prices" ("price", "months") VALUES (999.00, 12);

-- A payment order is a wallet deposit or Premium; a Premium order keeps the price it was made at.
ALTER TABLE "payment_orders" DROP CONSTRAINT "payment_orders_purpose_known";
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purpose_known" CHECK ("purpose" IN ('deposit', 'premium'));
ALTER TABLE "payment_orders" ADD COLUMN "premium_price_id" UUID;
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_premium_price_id_fkey"
    FOREIGN KEY ("premium_price_id") REFERENCES "premium_prices"("id") ON DELETE RESTRICT;
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_premium_priced" CHECK (("purpose" = 'premium') = ("premium_price_id" IS NOT NULL));

-- A period of Premium: paid (one per paid order, with its journal and receipt number) or a
-- staff waiver (no end date, granted by an admin). Cancelled when an admin switches it off.
CREATE TABLE "subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(6) NOT NULL,
    "ends_at" TIMESTAMPTZ(6),
    "amount" DECIMAL(16,2),
    "payment_order_id" UUID,
    "journal_id" UUID,
    "receipt_number" TEXT,
    "granted_by" UUID,
    "cancelled_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "subscriptions_payment_order_id_fkey" FOREIGN KEY ("payment_order_id") REFERENCES "payment_orders"("id") ON DELETE RESTRICT,
    CONSTRAINT "subscriptions_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "subscriptions_granted_by_fkey" FOREIGN KEY ("granted_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "subscriptions_source_known" CHECK ("source" IN ('payment', 'waiver')),
    CONSTRAINT "subscriptions_paid_is_complete" CHECK (
        "source" <> 'payment' OR ("ends_at" IS NOT NULL AND "amount" > 0 AND "payment_order_id" IS NOT NULL
                                  AND "journal_id" IS NOT NULL AND "receipt_number" IS NOT NULL)
    ),
    CONSTRAINT "subscriptions_period_forward" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at")
);
-- One period per paid order: however many times the payment is reported, it starts one period.
CREATE UNIQUE INDEX "subscriptions_payment_order" ON "subscriptions"("payment_order_id");
CREATE UNIQUE INDEX "subscriptions_receipt_number" ON "subscriptions"("receipt_number");
CREATE INDEX "subscriptions_user_ends" ON "subscriptions"("user_id", "ends_at" DESC);

-- Whether a user's Premium has run out: they have had periods, and none is still running. A
-- user who never had a period (the flag set before periods existed) has not lapsed. The one
-- definition the session read and the expiry job both use.
CREATE OR REPLACE FUNCTION "premium_lapsed"(p_user_id UUID, p_at TIMESTAMPTZ) RETURNS BOOLEAN
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."user_id" = p_user_id)
       AND NOT EXISTS (SELECT 1 FROM "subscriptions" s
                        WHERE s."user_id" = p_user_id AND s."cancelled_at" IS NULL
                          AND (s."ends_at" IS NULL OR s."ends_at" > p_at))
$$;
