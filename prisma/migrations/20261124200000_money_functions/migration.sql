-- Money paths in one round trip each (issue 15, docs/decisions/0026). Each function does in
-- one statement what the domain module used to do in an interactive transaction of a dozen
-- statements, with the same locks and the same checks: PostgreSQL still decides every race
-- (row locks, conditional updates, unique keys, the wallets' CHECKs). The domain module
-- that owns the rule validates the input, formats every text, calls the function and maps
-- its refusals (SQLSTATE P0001, message 'aangan:<code>') to its DomainErrors.

-- One single-phase journal: resolves (creates) its accounts and wallets, inserts the
-- journal and its postings, and moves the wallets the postings touch, locking them in
-- user-id order. An overdraft fails on escrow_balances_available_not_negative.
CREATE FUNCTION "ledger_write_single_journal"(
    p_kind "ledger_journal_kind",
    p_description TEXT,
    p_idempotency_key TEXT,
    p_created_by UUID,
    p_codes TEXT[],
    p_kinds "ledger_account_kind"[],
    p_user_ids UUID[],
    p_property_ids TEXT[],
    p_amounts NUMERIC[]
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

    INSERT INTO "ledger_journals" ("kind", "phase", "description", "idempotency_key", "created_by")
    VALUES (p_kind, 'single', p_description, p_idempotency_key, p_created_by)
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

-- The spec's tier rule (app/domain/tiers/calculate-tier.ts), for a user whose tier no
-- admin has overridden.
CREATE FUNCTION "recalculate_tier"(p_user UUID) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "user_profiles" p
       SET "tier" = t.tier, "updated_at" = now()
      FROM (
        SELECT CASE
                 WHEN NOT p2."subscription_active" THEN 'explorer'::"tier"
                 WHEN NOT EXISTS (SELECT 1 FROM "investments" i
                                   WHERE i."user_id" = p_user AND i."investment_status" = 'confirmed') THEN 'waitlist_player'::"tier"
                 WHEN EXISTS (SELECT 1 FROM "investments" i
                               WHERE i."user_id" = p_user AND i."investment_status" = 'confirmed' AND i."shares_owned" > 1)
                   THEN 'large_investor'::"tier"
                 ELSE 'small_investor'::"tier"
               END AS tier
          FROM "user_profiles" p2 WHERE p2."user_id" = p_user
      ) t
     WHERE p."user_id" = p_user AND NOT p."tier_override_by_admin" AND p."tier" IS DISTINCT FROM t.tier;
END;
$$;

-- A primary purchase (app/domain/investing/purchase-shares.server.ts). The caller read the
-- property's price and limits, validated the purchase against them and computed the
-- amounts and texts; here, under the property's row lock, everything that may have
-- changed since is checked again in the order the purchase rules give, and on success
-- every record of the purchase is written and its live events sent (delivered on commit).
-- Refusals: property_not_found, duplicate, property_not_open, stale (price or limits
-- changed: read again), insufficient_balance, shares_unavailable.
CREATE FUNCTION "purchase_shares"(
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
    v_codes TEXT[];
    v_kinds "ledger_account_kind"[];
    v_users UUID[];
    v_properties TEXT[];
    v_amounts NUMERIC[];
BEGIN
    SELECT pr."property_status"::TEXT AS status, pr."share_price", pr."minimum_investment", pr."maximum_investment",
           pr."available_shares"
      INTO v_property
      FROM "properties" pr WHERE pr."id" = p_property FOR UPDATE;
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

    UPDATE "properties" pr
       SET "available_shares" = pr."available_shares" - p_shares,
           "funded_amount" = pr."funded_amount" + p_subtotal,
           "property_status" = CASE WHEN pr."available_shares" = p_shares THEN 'funded'::"property_status" ELSE pr."property_status" END,
           "updated_at" = now()
     WHERE pr."id" = p_property AND pr."property_status" = 'open' AND pr."available_shares" >= p_shares
    RETURNING pr."available_shares", pr."property_status"::TEXT AS status INTO v_after;
    IF NOT FOUND THEN
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

    PERFORM "recalculate_tier"(p_user);

    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
    VALUES (p_user, p_property, 'investment_success', 'Investment Successful', p_alert_message)
    RETURNING "id" INTO v_alert;

    -- Delivered only if the purchase commits (app/services/realtime/publish.server.ts).
    PERFORM pg_notify(p_physical_channel, json_build_object('channel', 'alerts:' || p_user, 'type', 'alert', 'id', v_alert)::TEXT);
    PERFORM pg_notify(p_physical_channel, json_build_object('channel', 'market:' || p_property, 'type', 'purchase', 'id', p_property)::TEXT);

    RETURN QUERY SELECT v_transaction, v_investment, v_journal, v_alert, v_after."available_shares", v_after.status;
END;
$$;
