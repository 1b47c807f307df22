-- A purchase announces itself after it commits instead of inside its transaction (issue 15,
-- ADR 0026). A transaction that sends NOTIFY takes PostgreSQL's notification lock at commit
-- and keeps it until its commit record is flushed, so purchases that notify commit one at a
-- time: with its two live events and the properties trigger's page-cache notice, the purchase
-- bench ran at 600-620 purchases/s, and at 810-900/s with the three removed. The domain module
-- now hands the events to the process's publisher once the function has returned (committed),
-- which sends the events of the purchases finished within a few milliseconds in one statement
-- of its own, with synchronous_commit off (it writes no data, so nothing is lost that a crash
-- would not lose anyway); a refused or rolled-back purchase announces nothing, as before.
-- The page-cache notice for the purchase's update of the property goes out with them, so the
-- trigger skips a transaction that set aangan.page_cache_announced_by_app.
DROP FUNCTION "purchase_shares"(UUID, TEXT, INT, TEXT, TEXT, NUMERIC, NUMERIC, NUMERIC, TEXT, NUMERIC, NUMERIC, TEXT, TEXT, TEXT);

CREATE OR REPLACE FUNCTION "page_cache_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('aangan.page_cache_announced_by_app', true) IS DISTINCT FROM 'on' THEN
        PERFORM pg_notify('aangan_page_cache', TG_TABLE_NAME);
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION "purchase_shares"(
    p_user UUID,
    p_property TEXT,
    p_shares INT,
    p_idempotency_key TEXT,
    p_journal_key TEXT,
    p_share_price NUMERIC,
    p_minimum NUMERIC,
    p_maximum NUMERIC,
    p_title TEXT,
    p_subtotal NUMERIC,
    p_fee NUMERIC,
    p_description TEXT,
    p_alert_message TEXT
) RETURNS TABLE (
    transaction_id UUID, investment_id UUID, journal_id UUID, alert_id UUID,
    available_shares INT, property_status TEXT
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
    v_kyc TEXT;
    v_codes TEXT[];
    v_kinds "ledger_account_kind"[];
    v_users UUID[];
    v_properties TEXT[];
    v_amounts NUMERIC[];
BEGIN
    -- The buyer's standing first, as assertMayPurchase does: mayInvest() in
    -- app/lib/investing/invest-eligibility.ts (approved KYC, or an admin-set investor tier).
    SELECT u."kyc_status"::TEXT, u."tier", u."tier_override_by_admin" INTO v_kyc, v_tier, v_override
      FROM "user_profiles" u WHERE u."user_id" = p_user;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'aangan:not_signed_in' USING ERRCODE = 'P0001';
    END IF;
    IF v_kyc <> 'approved' AND NOT (v_override AND v_tier IN ('small_investor', 'large_investor')) THEN
        RAISE EXCEPTION 'aangan:kyc_required' USING ERRCODE = 'P0001';
    END IF;

    SELECT pr."property_status"::TEXT AS status, pr."title", pr."share_price", pr."minimum_investment", pr."maximum_investment",
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
       OR v_property."maximum_investment" IS DISTINCT FROM p_maximum OR v_property."title" IS DISTINCT FROM p_title THEN
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
    -- A one-share purchase by a small investor cannot raise them either (large_investor needs
    -- an investment of more than one share, and theirs were all single shares).
    IF NOT v_override AND v_tier IS DISTINCT FROM 'large_investor' AND NOT (v_tier = 'small_investor' AND p_shares = 1) THEN
        PERFORM "recalculate_tier"(p_user);
    END IF;

    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
    VALUES (p_user, p_property, 'investment_success', 'Investment Successful', p_alert_message)
    RETURNING "id" INTO v_alert;

    -- The caller announces the change to the public page caches after the commit, with the
    -- purchase's live events; the properties trigger stays quiet for this transaction.
    PERFORM set_config('aangan.page_cache_announced_by_app', 'on', true);
    -- Last, so the property's row lock is held only from here to the commit. The newest
    -- committed row must still be open, at the price and limits the buyer saw, with the shares.
    UPDATE "properties" pr
       SET "available_shares" = pr."available_shares" - p_shares,
           "funded_amount" = pr."funded_amount" + p_subtotal,
           "property_status" = CASE WHEN pr."available_shares" = p_shares THEN 'funded'::"property_status" ELSE pr."property_status" END,
           "updated_at" = now()
     WHERE pr."id" = p_property AND pr."property_status" = 'open' AND pr."available_shares" >= p_shares
       AND pr."share_price" = p_share_price AND pr."minimum_investment" = p_minimum
       AND pr."maximum_investment" IS NOT DISTINCT FROM p_maximum AND pr."title" IS NOT DISTINCT FROM p_title
    RETURNING pr."available_shares", pr."property_status"::TEXT AS status INTO v_after;
    IF NOT FOUND THEN
        -- Something changed under us; the raise undoes every write above.
        SELECT pr."property_status"::TEXT AS status, pr."title", pr."share_price", pr."minimum_investment", pr."maximum_investment"
          INTO v_property
          FROM "properties" pr WHERE pr."id" = p_property;
        IF v_property.status <> 'open' THEN
            RAISE EXCEPTION 'aangan:property_not_open' USING ERRCODE = 'P0001';
        END IF;
        IF v_property."share_price" <> p_share_price OR v_property."minimum_investment" <> p_minimum
           OR v_property."maximum_investment" IS DISTINCT FROM p_maximum OR v_property."title" IS DISTINCT FROM p_title THEN
            RAISE EXCEPTION 'aangan:stale' USING ERRCODE = 'P0001';
        END IF;
        RAISE EXCEPTION 'aangan:shares_unavailable' USING ERRCODE = 'P0001';
    END IF;

    RETURN QUERY SELECT v_transaction, v_investment, v_journal, v_alert, v_after."available_shares", v_after.status;
END;
$$;
