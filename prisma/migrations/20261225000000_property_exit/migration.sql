-- The exit (issue 29, ADR 0071): a property is sold, trading in it stops, and the net proceeds
-- are paid to its holders in one journal.
ALTER TYPE "ledger_journal_kind" ADD VALUE IF NOT EXISTS 'exit_payout';
ALTER TYPE "transaction_type" ADD VALUE IF NOT EXISTS 'exit_payout';

CREATE TABLE "property_exits" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "buyer_name" TEXT NOT NULL,
    "sale_price" NUMERIC(16,2) NOT NULL,
    "costs" NUMERIC(16,2) NOT NULL,
    "expected_completion_date" DATE NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "proposed_by" UUID,
    "approved_by" UUID,
    "trading_stopped_at" TIMESTAMPTZ(6),
    "completed_by" UUID,
    "completed_at" TIMESTAMPTZ(6),
    "payment_journal_id" UUID,
    "holder_count" INTEGER,
    "eligible_shares" INTEGER,
    "per_share_amount" NUMERIC(16,4),
    "paid_amount" NUMERIC(16,2),
    "remainder_amount" NUMERIC(16,2),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_exits_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_exits_status_known" CHECK ("status" IN ('proposed', 'agreed', 'completed', 'withdrawn')),
    CONSTRAINT "property_exits_net_positive" CHECK ("costs" >= 0 AND "sale_price" > "costs"),
    -- Trading stops exactly when the sale is agreed, and a completed sale has its figures.
    CONSTRAINT "property_exits_stopped_when_agreed" CHECK (("trading_stopped_at" IS NOT NULL) = ("status" IN ('agreed', 'completed'))),
    CONSTRAINT "property_exits_paid_when_completed" CHECK (("completed_at" IS NOT NULL) = ("status" = 'completed')
        AND ("status" <> 'completed' OR ("paid_amount" IS NOT NULL AND "remainder_amount" IS NOT NULL
             AND "paid_amount" + "remainder_amount" = "sale_price" - "costs")))
);
-- One live sale per property: a withdrawn proposal makes room for another.
CREATE UNIQUE INDEX "property_exits_one_live_per_property" ON "property_exits"("property_id") WHERE "status" <> 'withdrawn';
CREATE INDEX "property_exits_property_id_idx" ON "property_exits"("property_id");
CREATE UNIQUE INDEX "property_exits_payment_journal_id_key" ON "property_exits"("payment_journal_id");
ALTER TABLE "property_exits" ADD CONSTRAINT "property_exits_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "property_exits" ADD CONSTRAINT "property_exits_payment_journal_id_fkey" FOREIGN KEY ("payment_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "property_exits" ADD CONSTRAINT "property_exits_proposed_by_fkey" FOREIGN KEY ("proposed_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "property_exits" ADD CONSTRAINT "property_exits_approved_by_fkey" FOREIGN KEY ("approved_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "property_exits" ADD CONSTRAINT "property_exits_completed_by_fkey" FOREIGN KEY ("completed_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The sale's proposal and its completion go through four-eyes.
ALTER TABLE "money_approvals" DROP CONSTRAINT "money_approvals_kind_known";
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_kind_known"
  CHECK ("kind" IN ('ticket_resolve', 'reservation_settle', 'admin_grant', 'admin_revoke', 'transmission', 'valuation', 'exit_propose', 'exit_complete'));

-- An exit pay-out is money an investor received, like a sale's proceeds (ADR 0038's flows).
CREATE OR REPLACE FUNCTION public.investor_cash_flow(p_type transaction_type, p_status transaction_status, p_amount numeric, p_fee numeric)
 RETURNS numeric
 LANGUAGE sql
 IMMUTABLE
AS $function$
    SELECT CASE
        WHEN p_status <> 'completed' THEN 0
        WHEN p_type IN ('investment', 'share_purchase', 'fee') THEN -(p_amount + p_fee)
        -- Compared as text: the enum's new value cannot be used in the migration that adds it.
        WHEN p_type::text IN ('share_sale', 'dividend', 'exit_payout') THEN p_amount - p_fee
        ELSE 0
    END;
$function$;

-- Once a sale is agreed, no new listing, hold, reservation or resale trade of the property's
-- shares may be written, whichever code path writes it. The property's row is read FOR SHARE:
-- the command that stops trading updates that row first, so a listing or hold racing it either
-- commits before (and is then cancelled by it) or waits and is refused here. None of these
-- writers updates the property's row afterwards, so the shared lock blocks none of them.
CREATE OR REPLACE FUNCTION public.exit_refuse_trading(p_property text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM 1 FROM "properties" p WHERE p."id" = p_property FOR SHARE;
    IF EXISTS (SELECT 1 FROM "property_exits" e WHERE e."property_id" = p_property AND e."trading_stopped_at" IS NOT NULL) THEN
        RAISE EXCEPTION 'aangan:trading_stopped' USING ERRCODE = 'P0001';
    END IF;
END;
$function$;

CREATE OR REPLACE FUNCTION public.exit_refuse_new_trade()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    IF TG_TABLE_NAME = 'share_buyer_holds' THEN
        PERFORM "exit_refuse_trading"((SELECT o."property_id" FROM "share_sell_requests" o WHERE o."id" = NEW."order_id"));
    ELSIF TG_TABLE_NAME = 'transactions' THEN
        IF NEW."transaction_type" = 'share_purchase' AND NEW."property_id" IS NOT NULL THEN
            PERFORM "exit_refuse_trading"(NEW."property_id");
        END IF;
    ELSE
        PERFORM "exit_refuse_trading"(NEW."property_id");
    END IF;
    RETURN NEW;
END;
$function$;

-- A primary purchase takes its shares from the property's row as its last step, under that
-- row's lock (ADR 0043): checked there, it waits for an agreement under way and then sees it,
-- and no earlier lock is added to the purchase.
CREATE OR REPLACE FUNCTION public.exit_refuse_primary_sale()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    IF NEW."available_shares" < OLD."available_shares"
       AND EXISTS (SELECT 1 FROM "property_exits" e WHERE e."property_id" = NEW."id" AND e."trading_stopped_at" IS NOT NULL) THEN
        RAISE EXCEPTION 'aangan:trading_stopped' USING ERRCODE = 'P0001';
    END IF;
    RETURN NEW;
END;
$function$;

CREATE TRIGGER "share_sell_requests_refuse_after_exit" BEFORE INSERT ON "share_sell_requests"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_new_trade"();
CREATE TRIGGER "share_buyer_holds_refuse_after_exit" BEFORE INSERT ON "share_buyer_holds"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_new_trade"();
CREATE TRIGGER "share_reservations_refuse_after_exit" BEFORE INSERT ON "share_reservations"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_new_trade"();
CREATE TRIGGER "transactions_refuse_trade_after_exit" BEFORE INSERT ON "transactions"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_new_trade"();
CREATE TRIGGER "properties_refuse_primary_sale_after_exit" BEFORE UPDATE OF "available_shares" ON "properties"
    FOR EACH ROW EXECUTE FUNCTION "exit_refuse_primary_sale"();
