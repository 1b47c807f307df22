-- Admins may buy on the secondary market whatever their tier (ADR 0057): the spec lists
-- admins among the market's buyers, as it does for watchlist notes, so the tier check lets
-- an admin through (mayBuyOnMarket in app/domain/market/resale-rules.ts says the same).
-- Only the tier check changes; the rest is market_check_purchase as 20261125500000 wrote it.
-- It had no plan_cache_mode setting of its own (the calling functions set it for the call).
CREATE OR REPLACE FUNCTION "market_check_purchase"(p_buyer UUID, p_order RECORD, p_shares INT, p_amount NUMERIC)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    v_tier TEXT;
    v_admin BOOLEAN;
    v_balance NUMERIC;
BEGIN
    SELECT u."tier"::TEXT, u."is_admin" INTO v_tier, v_admin FROM "user_profiles" u WHERE u."user_id" = p_buyer;
    IF NOT COALESCE(v_admin, false) AND (v_tier IS NULL OR v_tier = 'explorer') THEN
        RAISE EXCEPTION 'aangan:tier_too_low' USING ERRCODE = 'P0001';
    END IF;
    IF p_order.id IS NULL THEN
        RAISE EXCEPTION 'aangan:order_not_found' USING ERRCODE = 'P0001';
    END IF;
    IF p_order.seller_id = p_buyer THEN
        RAISE EXCEPTION 'aangan:own_order' USING ERRCODE = 'P0001';
    END IF;
    IF p_order.status <> 'active' OR p_order.expired THEN
        RAISE EXCEPTION 'aangan:order_inactive' USING ERRCODE = 'P0001';
    END IF;
    IF NOT p_order.shares_sellable THEN
        RAISE EXCEPTION 'aangan:trading_disabled' USING ERRCODE = 'P0001';
    END IF;
    IF p_shares > p_order.remaining_shares - p_order.held_shares THEN
        RAISE EXCEPTION 'aangan:not_enough_shares' USING ERRCODE = 'P0001';
    END IF;
    IF p_order.price_per_share * p_shares <> p_amount THEN
        RAISE EXCEPTION 'market: the amount % is not % shares at %', p_amount, p_shares, p_order.price_per_share;
    END IF;
    SELECT e."available_balance" INTO v_balance FROM "escrow_balances" e WHERE e."user_id" = p_buyer;
    IF COALESCE(v_balance, 0) < p_amount THEN
        -- The balance travels with the refusal: the spec's message names it.
        RAISE EXCEPTION 'aangan:insufficient_funds balance=%', COALESCE(v_balance, 0)::NUMERIC(16, 2) USING ERRCODE = 'P0001';
    END IF;
END;
$$;
