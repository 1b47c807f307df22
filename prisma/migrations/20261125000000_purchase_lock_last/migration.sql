-- A primary purchase holds its property's row lock only from the share decrement to the
-- commit (issue 15). The earlier version locked the property first and kept the lock while it
-- wrote the journal, the wallet, the transaction, the investment, the position, the tier and
-- the alert, so every buyer of one property queued behind all of that work: under load 80%
-- of a purchase's time was spent waiting for that lock (pg_stat_statements, ADR 0026).
--
-- Now the checks read the property without a lock, the buyer's own records are written
-- first (only the buyer's wallet row is locked), and the conditional decrement of the
-- property's shares comes last: it re-checks status, price, limits and availability against
-- the newest committed row, and when it matches nothing the function raises, which undoes
-- everything this call wrote. The guarantees are unchanged: the decrement is conditional,
-- the wallet's CHECK refuses an overdraft, the idempotency keys are unique.
CREATE OR REPLACE FUNCTION "purchase_shares"(
    p_user UUID,
    p_property TEXT,
    p_shares INT,
    p_idempotency_key TEXT,
    p_journal_key TEXT,
    p_share_price NUMERIC,
    p_minimum NUMERIC,
    p_maximum NUMERIC,
    p_subtotal NUMERIC,
    p_fee NUMERIC,
    p_description TEXT,
    p_alert_message TEXT,
    p_physical_channel TEXT
) RETURNS TABLE (
    transaction_id UUID, investment_id UUID, journal_id UUID, alert_id UUID,
    available_shares INT, property_status TEXT
) LANGUAGE plpgsql AS $$
DECLARE
    v_property RECORD;
    v_balance NUMERIC;
    v_total NUMERIC := p_subtotal + p_fee;
    v_journal UUID;
    v_transaction UUID;
    v_investment UUID;
    v_alert UUID;
    v_after RECORD;
    v_tier "tier";
    v_override BOOLEAN;
    v_codes TEXT[];
    v_kinds "ledger_account_kind"[];
    v_users UUID[];
    v_properties TEXT[];
    v_amounts NUMERIC[];
BEGIN
    SELECT pr."property_status"::TEXT AS status, pr."share_price", pr."minimum_investment", pr."maximum_investment",
           pr."available_shares"
      INTO v_property
      FROM "properties" pr WHERE pr."id" = p_property;
    IF NOT FOUND OR v_property.status = 'draft' THEN
        RAISE EXCEPTION 'aangan:property_not_found' USING ERRCODE = 'P0001';
    END IF;
    IF EXISTS (SELECT 1 FROM "ledger_journals" WHERE "idempotency_key" = p_journal_key)
       OR EXISTS (SELECT 1 FROM "transactions" t WHERE t."user_id" = p_user AND t."idempotency_key" = p_idempotency_key) THEN
        RAISE EXCEPTION 'aangan:duplicate' USING ERRCODE = 'P0001';
    END IF;
    IF v_property.status <> 'open' THEN
        RAISE EXCEPTION 'aangan:property_not_open' USING ERRCODE = 'P0001';
    END IF;
    IF v_property."share_price" <> p_share_price OR v_property."minimum_investment" <> p_minimum
       OR v_property."maximum_investment" IS DISTINCT FROM p_maximum THEN
        RAISE EXCEPTION 'aangan:stale' USING ERRCODE = 'P0001';
    END IF;
    SELECT e."available_balance" INTO v_balance FROM "escrow_balances" e WHERE e."user_id" = p_user;
    IF COALESCE(v_balance, 0) < v_total THEN
        RAISE EXCEPTION 'aangan:insufficient_balance' USING ERRCODE = 'P0001';
    END IF;
    IF v_property."available_shares" < p_shares THEN
        RAISE EXCEPTION 'aangan:shares_unavailable' USING ERRCODE = 'P0001';
    END IF;

    v_codes := ARRAY['user:' || p_user || ':available', 'property:' || p_property || ':issue'];
    v_kinds := ARRAY['user_available', 'property_issue']::"ledger_account_kind"[];
    v_users := ARRAY[p_user, NULL]::UUID[];
    v_properties := ARRAY[NULL, p_property]::TEXT[];
    v_amounts := ARRAY[-v_total, p_subtotal];
    -- A purchase under ₹0.25 rounds to no fee; the ledger refuses zero postings.
    IF p_fee <> 0 THEN
        v_codes := array_append(v_codes, 'platform:fees'::TEXT);
        v_kinds := array_append(v_kinds, 'fees'::"ledger_account_kind");
        v_users := array_append(v_users, NULL::UUID);
        v_properties := array_append(v_properties, NULL::TEXT);
        v_amounts := array_append(v_amounts, p_fee);
    END IF;
    -- Debits the wallet under its row lock; the wallet's CHECK refuses an overdraft.
    v_journal := "ledger_write_single_journal"('investment', p_description, p_journal_key, p_user,
                                               v_codes, v_kinds, v_users, v_properties, v_amounts);

    INSERT INTO "transactions" ("user_id", "property_id", "transaction_type", "status", "amount", "fee", "shares",
                                "price_per_share", "description", "idempotency_key", "journal_id")
    VALUES (p_user, p_property, 'investment', 'completed', p_subtotal, p_fee, p_shares, p_share_price, p_description,
            p_idempotency_key, v_journal)
    RETURNING "id" INTO v_transaction;

    INSERT INTO "investments" ("user_id", "property_id", "shares_owned", "price_per_share", "total_investment",
                               "investment_status", "transaction_id")
    VALUES (p_user, p_property, p_shares, p_share_price, p_subtotal, 'confirmed', v_transaction)
    RETURNING "id" INTO v_investment;

    INSERT INTO "user_property_positions" AS p ("user_id", "property_id", "shares", "cost_basis", "avg_price", "updated_at")
    VALUES (p_user, p_property, p_shares, p_subtotal, round(p_subtotal / p_shares, 2), now())
    ON CONFLICT ("user_id", "property_id") DO UPDATE
       SET "shares" = p."shares" + EXCLUDED."shares",
           "cost_basis" = p."cost_basis" + EXCLUDED."cost_basis",
           "avg_price" = round((p."cost_basis" + EXCLUDED."cost_basis") / (p."shares" + EXCLUDED."shares"), 2),
           "updated_at" = now();

    -- A purchase can only raise a tier, and large_investor is the top: recompute only below it.
    SELECT u."tier", u."tier_override_by_admin" INTO v_tier, v_override FROM "user_profiles" u WHERE u."user_id" = p_user;
    IF NOT v_override AND v_tier IS DISTINCT FROM 'large_investor' THEN
        PERFORM "recalculate_tier"(p_user);
    END IF;

    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
    VALUES (p_user, p_property, 'investment_success', 'Investment Successful', p_alert_message)
    RETURNING "id" INTO v_alert;

    -- Last, so the property's row lock is held only from here to the commit. The newest
    -- committed row must still be open, at the price and limits the buyer saw, with the shares.
    UPDATE "properties" pr
       SET "available_shares" = pr."available_shares" - p_shares,
           "funded_amount" = pr."funded_amount" + p_subtotal,
           "property_status" = CASE WHEN pr."available_shares" = p_shares THEN 'funded'::"property_status" ELSE pr."property_status" END,
           "updated_at" = now()
     WHERE pr."id" = p_property AND pr."property_status" = 'open' AND pr."available_shares" >= p_shares
       AND pr."share_price" = p_share_price AND pr."minimum_investment" = p_minimum
       AND pr."maximum_investment" IS NOT DISTINCT FROM p_maximum
    RETURNING pr."available_shares", pr."property_status"::TEXT AS status INTO v_after;
    IF NOT FOUND THEN
        -- Something changed under us; the raise undoes every write above.
        SELECT pr."property_status"::TEXT AS status, pr."share_price", pr."minimum_investment", pr."maximum_investment"
          INTO v_property
          FROM "properties" pr WHERE pr."id" = p_property;
        IF v_property.status <> 'open' THEN
            RAISE EXCEPTION 'aangan:property_not_open' USING ERRCODE = 'P0001';
        END IF;
        IF v_property."share_price" <> p_share_price OR v_property."minimum_investment" <> p_minimum
           OR v_property."maximum_investment" IS DISTINCT FROM p_maximum THEN
            RAISE EXCEPTION 'aangan:stale' USING ERRCODE = 'P0001';
        END IF;
        RAISE EXCEPTION 'aangan:shares_unavailable' USING ERRCODE = 'P0001';
    END IF;

    -- Delivered only if the purchase commits (app/services/realtime/publish.server.ts).
    PERFORM pg_notify(p_physical_channel, json_build_object('channel', 'alerts:' || p_user, 'type', 'alert', 'id', v_alert)::TEXT);
    PERFORM pg_notify(p_physical_channel, json_build_object('channel', 'market:' || p_property, 'type', 'purchase', 'id', p_property)::TEXT);

    RETURN QUERY SELECT v_transaction, v_investment, v_journal, v_alert, v_after."available_shares", v_after.status;
END;
$$;
