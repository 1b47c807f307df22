-- A purchase of a property that also trades takes its property's row lock first (ADR 0085).
-- Taken last, it let such a purchase hold the buyer's wallet and position while waiting for the
-- property, which a listing, buy order or settlement on the same property holds (FOR SHARE)
-- while it waits for that same wallet or position: a deadlock the money-chaos test met tens of
-- times a run. A property being raised does not trade (ADR 0048), so for every ordinary purchase
-- the lock stays last: a buyer stuck on their own wallet still blocks no other buyer.
CREATE OR REPLACE FUNCTION public.purchase_shares(p_user uuid, p_property text, p_shares integer, p_idempotency_key text, p_journal_key text, p_share_price numeric, p_minimum numeric, p_maximum numeric, p_title text, p_subtotal numeric, p_fee numeric, p_description text, p_alert_message text, p_at timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS TABLE(transaction_id uuid, investment_id uuid, journal_id uuid, alert_id uuid, available_shares integer, property_status text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
    v_at TIMESTAMPTZ := COALESCE(p_at, now());
BEGIN
    -- A back-dated purchase records the past; nothing may be dated after the moment it is written.
    IF v_at > now() THEN
        RAISE EXCEPTION 'purchase_shares: p_at % is in the future', p_at;
    END IF;
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
           pr."available_shares", pr."shares_sellable"
      INTO v_property
      FROM "properties" pr WHERE pr."id" = p_property;
    -- A property that trades while it is raised (ADR 0085): the market's paths take its row
    -- before any investor's, so this purchase does too, and reads it again under the lock.
    IF FOUND AND v_property."shares_sellable" THEN
        SELECT pr."property_status"::TEXT AS status, pr."title", pr."share_price", pr."minimum_investment", pr."maximum_investment",
               pr."available_shares", pr."shares_sellable"
          INTO v_property
          FROM "properties" pr WHERE pr."id" = p_property
           FOR NO KEY UPDATE;
    END IF;
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
                                               v_codes, v_kinds, v_users, v_properties, v_amounts, v_at);

    INSERT INTO "transactions" ("user_id", "property_id", "transaction_type", "status", "amount", "fee", "shares",
                                "price_per_share", "description", "idempotency_key", "journal_id", "created_at")
    VALUES (p_user, p_property, 'investment', 'completed', p_subtotal, p_fee, p_shares, p_share_price, p_description,
            p_idempotency_key, v_journal, v_at)
    RETURNING "id" INTO v_transaction;

    INSERT INTO "investments" ("user_id", "property_id", "shares_owned", "price_per_share", "total_investment",
                               "investment_status", "transaction_id", "investment_date", "created_at", "updated_at")
    VALUES (p_user, p_property, p_shares, p_share_price, p_subtotal, 'confirmed', v_transaction, v_at, v_at, v_at)
    RETURNING "id" INTO v_investment;

    INSERT INTO "user_property_positions" AS p ("user_id", "property_id", "shares", "cost_basis", "avg_price", "updated_at")
    VALUES (p_user, p_property, p_shares, p_subtotal, round(p_subtotal / p_shares, 2), v_at)
    ON CONFLICT ("user_id", "property_id") DO UPDATE
       SET "shares" = p."shares" + EXCLUDED."shares",
           "cost_basis" = p."cost_basis" + EXCLUDED."cost_basis",
           "avg_price" = round((p."cost_basis" + EXCLUDED."cost_basis") / (p."shares" + EXCLUDED."shares"), 2),
           "updated_at" = v_at;

    -- A purchase can only raise a tier, and large_investor is the top: recompute only below it.
    -- A one-share purchase by a small investor cannot raise them either (large_investor needs
    -- an investment of more than one share, and theirs were all single shares).
    IF NOT v_override AND v_tier IS DISTINCT FROM 'large_investor' AND NOT (v_tier = 'small_investor' AND p_shares = 1) THEN
        PERFORM "recalculate_tier"(p_user);
    END IF;

    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message", "created_at")
    VALUES (p_user, p_property, 'investment_success', 'Investment Successful', p_alert_message, v_at)
    RETURNING "id" INTO v_alert;

    -- The caller announces the change to the public page caches after the commit, with the
    -- purchase's live events; the properties trigger stays quiet for this transaction.
    PERFORM set_config('aangan.page_cache_announced_by_app', 'on', true);
    -- Last (unless taken above), so the property's row lock is held only from here to the
    -- commit. The newest committed row must still be open, at the price and limits the buyer
    -- saw, with the shares.
    UPDATE "properties" pr
       SET "available_shares" = pr."available_shares" - p_shares,
           "funded_amount" = pr."funded_amount" + p_subtotal,
           "property_status" = CASE WHEN pr."available_shares" = p_shares THEN 'funded'::"property_status" ELSE pr."property_status" END,
           "updated_at" = v_at
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
$function$;
