-- ADR 0108's companion: a settlement no longer recomputes the tier of a buyer already at the top
-- (large_investor) or under an admin's override, which recalculate_tier's UPDATE would leave as
-- it is anyway. The rest of market_transfer_shares is as it was.
CREATE OR REPLACE FUNCTION public.market_transfer_shares(p_order uuid, p_property text, p_seller uuid, p_buyer uuid, p_shares integer, p_price numeric, p_amount numeric, p_journal uuid, p_buyer_key text, p_from_hold boolean, p_bought_text text, p_sold_text text, p_alert_title text, p_buyer_message text, p_seller_message text)
 RETURNS uuid
 LANGUAGE plpgsql
AS $function$
DECLARE
    v_left INT := p_shares;
    v_lot RECORD;
    v_transaction UUID;
BEGIN
    UPDATE "share_sell_requests"
       SET "remaining_shares" = "remaining_shares" - p_shares,
           "held_shares" = "held_shares" - CASE WHEN p_from_hold THEN p_shares ELSE 0 END,
           "status" = CASE WHEN "remaining_shares" = p_shares THEN 'completed'::"sell_request_status" ELSE "status" END,
           "sold_at" = CASE WHEN "remaining_shares" = p_shares THEN now() ELSE "sold_at" END,
           "buyer_id" = p_buyer,
           "updated_at" = now()
     WHERE "id" = p_order AND "remaining_shares" >= p_shares;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'market: the order no longer has the shares it promised';
    END IF;

    UPDATE "user_property_positions"
       SET "shares" = "shares" - p_shares,
           "committed_shares" = "committed_shares" - p_shares,
           "cost_basis" = GREATEST("cost_basis" - "avg_price" * p_shares, 0),
           "avg_price" = CASE WHEN "shares" = p_shares THEN 0 ELSE "avg_price" END,
           "realised_profit" = "realised_profit" + (p_price - "avg_price") * p_shares,
           "updated_at" = now()
     WHERE "user_id" = p_seller AND "property_id" = p_property;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'market: the seller''s position is missing';
    END IF;

    INSERT INTO "user_property_positions" AS p ("user_id", "property_id", "shares", "cost_basis", "avg_price", "updated_at")
    VALUES (p_buyer, p_property, p_shares, p_amount, round(p_amount / p_shares, 2), now())
    ON CONFLICT ("user_id", "property_id") DO UPDATE
       SET "shares" = p."shares" + EXCLUDED."shares",
           "cost_basis" = p."cost_basis" + EXCLUDED."cost_basis",
           "avg_price" = round((p."cost_basis" + EXCLUDED."cost_basis") / (p."shares" + EXCLUDED."shares"), 2),
           "updated_at" = now();

    FOR v_lot IN
        SELECT i."id", i."shares_owned", i."price_per_share" FROM "investments" i
         WHERE i."user_id" = p_seller AND i."property_id" = p_property AND i."investment_status" = 'confirmed'
         ORDER BY i."investment_date", i."id"
    LOOP
        EXIT WHEN v_left <= 0;
        IF v_lot.shares_owned <= v_left THEN
            UPDATE "investments" SET "investment_status" = 'completed', "updated_at" = now() WHERE "id" = v_lot.id;
            v_left := v_left - v_lot.shares_owned;
        ELSE
            UPDATE "investments"
               SET "shares_owned" = v_lot.shares_owned - v_left,
                   "total_investment" = round(v_lot.price_per_share * (v_lot.shares_owned - v_left), 2),
                   "updated_at" = now()
             WHERE "id" = v_lot.id;
            v_left := 0;
        END IF;
    END LOOP;

    INSERT INTO "transactions" ("user_id", "property_id", "transaction_type", "amount", "shares", "price_per_share",
                                "description", "reference_id", "idempotency_key", "journal_id")
    VALUES (p_buyer, p_property, 'share_purchase', p_amount, p_shares, p_price, p_bought_text, p_order::TEXT, p_buyer_key, p_journal)
    RETURNING "id" INTO v_transaction;
    INSERT INTO "investments" ("user_id", "property_id", "shares_owned", "price_per_share", "total_investment",
                               "investment_status", "transaction_id")
    VALUES (p_buyer, p_property, p_shares, p_price, p_amount, 'confirmed', v_transaction);
    INSERT INTO "transactions" ("user_id", "property_id", "transaction_type", "amount", "shares", "price_per_share",
                                "description", "reference_id", "journal_id")
    VALUES (p_seller, p_property, 'share_sale', p_amount, p_shares, p_price, p_sold_text, p_order::TEXT, p_journal);

    -- A purchase can only raise a tier, and large_investor is the top (an admin's override is
    -- never recomputed): the buyer's is worked out again only below it, as purchase_shares does.
    -- A sale can lower the seller's, so theirs always is.
    IF EXISTS (SELECT 1 FROM "user_profiles"
                WHERE "user_id" = p_buyer AND "tier" IS DISTINCT FROM 'large_investor' AND NOT "tier_override_by_admin") THEN
        PERFORM "recalculate_tier"(p_buyer);
    END IF;
    PERFORM "recalculate_tier"(p_seller);
    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
    VALUES (p_buyer, p_property, 'trade_settled', p_alert_title, p_buyer_message),
           (p_seller, p_property, 'trade_settled', p_alert_title, p_seller_message);
    RETURN v_transaction;
END;
$function$;
