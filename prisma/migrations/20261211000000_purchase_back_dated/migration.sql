-- A purchase that can be dated in the past (ADR 0052): the demo seed buys its year of history
-- through purchase_shares, the function real purchases use, instead of writing purchase rows
-- itself, so the demo cannot disagree with the purchase rules. p_at (default: now) dates the
-- journal and its postings, the transaction, the investment, the position, the alert and the
-- property's update; only a trusted caller passes it (the domain's PurchaseInput.at, which no
-- form reaches), and it is refused in the future. ledger_write_single_journal takes the same
-- optional moment. Both keep their old arguments in the old order, so calls without the new
-- one mean what they meant.
DROP FUNCTION "purchase_shares"(UUID, TEXT, INT, TEXT, TEXT, NUMERIC, NUMERIC, NUMERIC, TEXT, NUMERIC, NUMERIC, TEXT, TEXT);
DROP FUNCTION "ledger_write_single_journal"("ledger_journal_kind", TEXT, TEXT, UUID, TEXT[], "ledger_account_kind"[], UUID[], TEXT[], NUMERIC[]);

CREATE FUNCTION "ledger_write_single_journal"(
    p_kind "ledger_journal_kind",
    p_description TEXT,
    p_idempotency_key TEXT,
    p_created_by UUID,
    p_codes TEXT[],
    p_kinds "ledger_account_kind"[],
    p_user_ids UUID[],
    p_property_ids TEXT[],
    p_amounts NUMERIC[],
    p_created_at TIMESTAMPTZ DEFAULT NULL
) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_journal UUID;
    v_created TIMESTAMPTZ;
    v_posted INT;
BEGIN
    INSERT INTO "ledger_accounts" ("code", "kind", "user_id", "property_id")
    SELECT w.code, w.kind, w.user_id, w.property_id
      FROM unnest(p_codes, p_kinds, p_user_ids, p_property_ids) AS w(code, kind, user_id, property_id)
     ORDER BY w.code
    ON CONFLICT ("code") DO NOTHING;
    INSERT INTO "escrow_balances" ("user_id")
    SELECT DISTINCT u FROM unnest(p_user_ids) AS u WHERE u IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") DO NOTHING;

    INSERT INTO "ledger_journals" ("kind", "phase", "description", "idempotency_key", "created_by", "created_at")
    VALUES (p_kind, 'single', p_description, p_idempotency_key, p_created_by, COALESCE(p_created_at, now()))
    RETURNING "id", "created_at" INTO v_journal, v_created;

    INSERT INTO "ledger_postings" ("journal_id", "account_id", "amount", "created_at")
    SELECT v_journal, a."id", w.amount, v_created
      FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS w(code, amount, n)
      JOIN "ledger_accounts" a ON a."code" = w.code
     ORDER BY w.n;
    GET DIAGNOSTICS v_posted = ROW_COUNT;
    IF v_posted <> cardinality(p_codes) THEN
        RAISE EXCEPTION 'ledger: an account of journal % could not be resolved', v_journal;
    END IF;

    WITH deltas AS (
        SELECT a."user_id",
               COALESCE(SUM(w.amount) FILTER (WHERE a."kind" = 'user_available'), 0) AS available,
               COALESCE(SUM(w.amount) FILTER (WHERE a."kind" = 'user_held'), 0) AS held
          FROM unnest(p_codes, p_amounts) AS w(code, amount)
          JOIN "ledger_accounts" a ON a."code" = w.code
         WHERE a."kind" IN ('user_available', 'user_held')
         GROUP BY a."user_id"
    ), locked AS (
        SELECT e."user_id" FROM "escrow_balances" e
         WHERE e."user_id" IN (SELECT "user_id" FROM deltas)
         ORDER BY e."user_id"
           FOR NO KEY UPDATE
    )
    UPDATE "escrow_balances" e
       SET "available_balance" = e."available_balance" + d.available,
           "held_balance" = e."held_balance" + d.held,
           "updated_at" = now()
      FROM deltas d JOIN locked l ON l."user_id" = d."user_id"
     WHERE e."user_id" = d."user_id";
    RETURN v_journal;
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
    p_alert_message TEXT,
    p_at TIMESTAMPTZ DEFAULT NULL
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
    -- Last, so the property's row lock is held only from here to the commit. The newest
    -- committed row must still be open, at the price and limits the buyer saw, with the shares.
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
$$;
