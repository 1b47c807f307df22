-- A two-sided market (ADR 0074): limit buy orders whose cost is held by a pending ledger
-- journal, the fills that matching writes (the trade tape), and a per-property book row that
-- every matching command locks first and that carries the admin's halt.
CREATE TYPE "buy_order_status" AS ENUM ('active', 'filled', 'cancelled', 'expired');

CREATE TABLE "share_buy_orders" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "buyer_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    "shares_wanted" INTEGER NOT NULL,
    "remaining_shares" INTEGER NOT NULL,
    "max_price" DECIMAL(16,2) NOT NULL,
    "held_amount" DECIMAL(16,2) NOT NULL DEFAULT 0,
    "journal_id" UUID,
    "status" "buy_order_status" NOT NULL DEFAULT 'active',
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "idempotency_key" TEXT,
    "closed_reason" TEXT,
    "closed_by" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "share_buy_orders_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "share_buy_orders_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "share_buy_orders_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_buy_orders_journal_id_fkey" FOREIGN KEY ("journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_buy_orders_closed_by_fkey" FOREIGN KEY ("closed_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL,
    CONSTRAINT "share_buy_orders_shares" CHECK ("shares_wanted" >= 1 AND "remaining_shares" >= 0 AND "remaining_shares" <= "shares_wanted"),
    CONSTRAINT "share_buy_orders_price" CHECK ("max_price" > 0),
    -- An open order holds money for what it still wants; a closed one holds nothing.
    CONSTRAINT "share_buy_orders_hold" CHECK (
        ("status" = 'active' AND "remaining_shares" > 0 AND "journal_id" IS NOT NULL AND "held_amount" > 0)
        OR ("status" <> 'active' AND "held_amount" = 0))
);
CREATE UNIQUE INDEX "share_buy_orders_idempotency_key_key" ON "share_buy_orders"("idempotency_key");
CREATE INDEX "share_buy_orders_property_id_status_max_price_idx" ON "share_buy_orders"("property_id", "status", "max_price");
CREATE INDEX "share_buy_orders_buyer_id_status_idx" ON "share_buy_orders"("buyer_id", "status");
CREATE INDEX "share_buy_orders_status_expires_at_idx" ON "share_buy_orders"("status", "expires_at");

CREATE TABLE "share_fills" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "buy_order_id" UUID NOT NULL,
    "sell_order_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "shares" INTEGER NOT NULL,
    "price_per_share" DECIMAL(16,2) NOT NULL,
    "amount" DECIMAL(16,2) NOT NULL,
    "hold_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "share_fills_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "share_fills_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_fills_buy_order_id_fkey" FOREIGN KEY ("buy_order_id") REFERENCES "share_buy_orders"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_fills_sell_order_id_fkey" FOREIGN KEY ("sell_order_id") REFERENCES "share_sell_requests"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_fills_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "share_buyer_holds"("id") ON DELETE RESTRICT,
    CONSTRAINT "share_fills_not_self" CHECK ("buyer_id" <> "seller_id"),
    CONSTRAINT "share_fills_positive" CHECK ("shares" >= 1 AND "price_per_share" > 0 AND "amount" = "shares" * "price_per_share")
);
CREATE INDEX "share_fills_property_id_created_at_idx" ON "share_fills"("property_id", "created_at");
CREATE INDEX "share_fills_buy_order_id_idx" ON "share_fills"("buy_order_id");
CREATE INDEX "share_fills_sell_order_id_idx" ON "share_fills"("sell_order_id");

CREATE TABLE "market_books" (
    "property_id" TEXT NOT NULL,
    "halted" BOOLEAN NOT NULL DEFAULT false,
    "halt_reason" TEXT,
    "halted_by" UUID,
    "halted_at" TIMESTAMPTZ(6),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "market_books_pkey" PRIMARY KEY ("property_id"),
    CONSTRAINT "market_books_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT,
    CONSTRAINT "market_books_halted_by_fkey" FOREIGN KEY ("halted_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL
);
