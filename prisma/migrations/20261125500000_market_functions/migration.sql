-- The secondary market's money paths in one round trip each (issue 15, docs/decisions/0043,
-- the pattern of 0026): a hold, a confirmation, a settlement and an instant purchase are
-- each one call of a function below, with the locks, conditional updates, ledger rules and
-- CHECKs the interactive transactions had. The domain modules (app/domain/market/
-- buyer-holds.server.ts, settle-trades.server.ts) read what the rules need once, refuse
-- what they can with the spec's messages, format every text and pass it in; under the
-- locks, each function checks again, in the same order, whatever may have changed, and
-- refuses with RAISE EXCEPTION 'aangan:<code>' (SQLSTATE P0001), which the module maps to
-- its MarketErrors. Live events are sent with pg_notify, which PostgreSQL delivers only
-- if the call commits. Lock order, as before: the order, then its hold, then the
-- reservation, then wallets in user-id order.

-- One journal of any phase: the SQL twin of writeJournal (app/domain/ledger/
-- write-journal.server.ts), as ledger_write_single_journal is for single journals.
-- Resolves (creates) its accounts and wallets, inserts the journal and its postings, and
-- moves the wallets the postings touch, locked in user-id order. The deferred balance
-- triggers check the journal's shape at commit; the resolution trigger, the unique
-- pending_journal_id (one resolution only) and the wallets' CHECKs apply as to any insert.
CREATE FUNCTION "ledger_write_journal"(
    p_kind "ledger_journal_kind",
    p_phase "ledger_journal_phase",
    p_description TEXT,
    p_idempotency_key TEXT,
    p_created_by UUID,
    p_user UUID,
    p_expires_at TIMESTAMPTZ,
    p_pending_journal UUID,
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
    SELECT DISTINCT ON (w.code) w.code, w.kind, w.user_id, w.property_id
      FROM unnest(p_codes, p_kinds, p_user_ids, p_property_ids) AS w(code, kind, user_id, property_id)
     ORDER BY w.code
    ON CONFLICT ("code") DO NOTHING;
    INSERT INTO "escrow_balances" ("user_id")
    SELECT DISTINCT u FROM unnest(p_user_ids) AS u WHERE u IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") DO NOTHING;

    INSERT INTO "ledger_journals" ("kind", "phase", "description", "idempotency_key", "created_by",
                                   "user_id", "expires_at", "pending_journal_id")
    VALUES (p_kind, p_phase, p_description, p_idempotency_key, p_created_by, p_user, p_expires_at, p_pending_journal)
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

-- Phase one of a buyer's money (createPendingJournal): the amount moves from the buyer's
-- available to held balance until p_expires_at. An overdraft fails on the wallet's CHECK.
CREATE FUNCTION "ledger_hold_funds"(
    p_user UUID, p_amount NUMERIC, p_expires_at TIMESTAMPTZ, p_description TEXT, p_idempotency_key TEXT, p_created_by UUID
) RETURNS UUID LANGUAGE plpgsql AS $$
BEGIN
    IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, 2) THEN
        RAISE EXCEPTION 'ledger: a held amount must be above zero, in paise';
    END IF;
    RETURN "ledger_write_journal"('buyer_hold', 'pending', p_description, p_idempotency_key, p_created_by, p_user, p_expires_at, NULL,
                                  ARRAY['user:' || p_user || ':available', 'user:' || p_user || ':held'],
                                  ARRAY['user_available', 'user_held']::"ledger_account_kind"[],
                                  ARRAY[p_user, p_user], ARRAY[NULL, NULL]::TEXT[], ARRAY[-p_amount, p_amount]);
END;
$$;

-- Phase two, post (postPendingJournal with one destination, a user's available balance):
-- the whole held amount is released, p_amount goes to p_to and the rest back to the
-- holder. Refused when the pending journal does not exist (pending_not_found), was already
-- posted or voided (pending_resolved; a resolution committed meanwhile is still refused by
-- the unique pending_journal_id) or has expired (pending_expired).
CREATE FUNCTION "ledger_post_held_funds"(
    p_pending UUID, p_to UUID, p_amount NUMERIC, p_description TEXT, p_created_by UUID
) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_pending RECORD;
    v_returned NUMERIC;
    v_codes TEXT[];
    v_kinds "ledger_account_kind"[];
    v_users UUID[];
    v_amounts NUMERIC[];
BEGIN
    SELECT j."user_id", "ledger_post_kind"(j."kind") AS post_kind, j."expires_at" <= now() AS expired,
           (SELECT p."amount" FROM "ledger_postings" p JOIN "ledger_accounts" a ON a."id" = p."account_id"
             WHERE p."journal_id" = j."id" AND a."kind" = 'user_held') AS amount,
           EXISTS (SELECT 1 FROM "ledger_journals" r WHERE r."pending_journal_id" = j."id") AS resolved
      INTO v_pending
      FROM "ledger_journals" j
     WHERE j."id" = p_pending AND j."phase" = 'pending';
    IF NOT FOUND THEN
        RAISE EXCEPTION 'aangan:pending_not_found' USING ERRCODE = 'P0001';
    END IF;
    IF v_pending.resolved THEN
        RAISE EXCEPTION 'aangan:pending_resolved' USING ERRCODE = 'P0001';
    END IF;
    IF v_pending.expired THEN
        RAISE EXCEPTION 'aangan:pending_expired' USING ERRCODE = 'P0001';
    END IF;
    IF p_amount IS NULL OR p_amount <= 0 OR p_amount <> round(p_amount, 2) THEN
        RAISE EXCEPTION 'ledger: a posted amount must be above zero, in paise';
    END IF;
    v_returned := v_pending.amount - p_amount;
    IF v_returned < 0 THEN
        RAISE EXCEPTION 'ledger: a post moves at most the pending %, not %', v_pending.amount, p_amount;
    END IF;
    v_codes := ARRAY['user:' || v_pending.user_id || ':held', 'user:' || p_to || ':available'];
    v_kinds := ARRAY['user_held', 'user_available']::"ledger_account_kind"[];
    v_users := ARRAY[v_pending.user_id, p_to];
    v_amounts := ARRAY[-v_pending.amount, p_amount];
    IF v_returned <> 0 THEN
        v_codes := array_append(v_codes, 'user:' || v_pending.user_id || ':available');
        v_kinds := array_append(v_kinds, 'user_available'::"ledger_account_kind");
        v_users := array_append(v_users, v_pending.user_id);
        v_amounts := array_append(v_amounts, v_returned);
    END IF;
    RETURN "ledger_write_journal"(v_pending.post_kind, 'post', p_description, NULL, p_created_by, v_pending.user_id, NULL, p_pending,
                                  v_codes, v_kinds, v_users, array_fill(NULL::TEXT, ARRAY[cardinality(v_codes)]), v_amounts);
END;
$$;

-- The order, locked (lockOrder in order-locks.server.ts), with its property's title and
-- whether its shares may trade; NULL fields when there is no such order.
CREATE FUNCTION "market_lock_order"(p_order UUID, p_now TIMESTAMPTZ)
RETURNS TABLE (
    id UUID, seller_id UUID, property_id TEXT, shares_sellable BOOLEAN, status TEXT, remaining_shares INT,
    held_shares INT, price_per_share NUMERIC, expired BOOLEAN
) LANGUAGE sql AS $$
    SELECT o."id", o."seller_id", o."property_id", p."shares_sellable", o."status"::TEXT, o."remaining_shares",
           o."held_shares", o."price_per_share", o."expires_at" <= p_now
      FROM "share_sell_requests" o JOIN "properties" p ON p."id" = o."property_id"
     WHERE o."id" = p_order
       FOR UPDATE OF o
$$;

-- Everything a buyer must pass against the locked order (checkPurchase in the module), in
-- its order: tier, order found, not their own, active and unexpired, tradable, enough
-- unpromised shares, a wallet that covers the amount. The module checked the share count's
-- form and computed p_amount = shares × the order's price (which never changes); a price
-- that differs is a bug, not a race.
CREATE FUNCTION "market_check_purchase"(p_buyer UUID, p_order RECORD, p_shares INT, p_amount NUMERIC)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    v_tier TEXT;
    v_balance NUMERIC;
BEGIN
    SELECT u."tier"::TEXT INTO v_tier FROM "user_profiles" u WHERE u."user_id" = p_buyer;
    IF v_tier IS NULL OR v_tier = 'explorer' THEN
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

-- Tells open pages a listing changed (announceMarketChange): the property's market, the
-- admins, and each user's alerts channel, once per user. Delivered on commit only.
CREATE FUNCTION "market_announce"(p_channel TEXT, p_type TEXT, p_id UUID, p_property TEXT, p_users UUID[])
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify(p_channel, json_build_object('channel', c.channel, 'type', p_type, 'id', p_id)::TEXT)
       FROM (SELECT 'market:' || p_property AS channel, 0 AS n
             UNION ALL SELECT 'admin', 1
             UNION ALL SELECT DISTINCT ON (u) 'alerts:' || u, 2 FROM unnest(p_users) AS u) AS c
      ORDER BY c.n;
END;
$$;

-- Moves sold shares from seller to buyer after the money moved (the former
-- transfer-shares.server.ts): the order's remaining (and, from a hold, held) shares fall or
-- the order completes; the seller's position loses the shares and their commitment and
-- books the realised profit at its average price; the buyer's gains them at the trade
-- price; the seller's confirmed lots shrink oldest first; both histories, tiers and alerts.
-- The caller holds the order's lock. Returns the buyer's transaction.
CREATE FUNCTION "market_transfer_shares"(
    p_order UUID, p_property TEXT, p_seller UUID, p_buyer UUID, p_shares INT, p_price NUMERIC, p_amount NUMERIC,
    p_journal UUID, p_buyer_key TEXT, p_from_hold BOOLEAN,
    p_bought_text TEXT, p_sold_text TEXT, p_alert_title TEXT, p_buyer_message TEXT, p_seller_message TEXT
) RETURNS UUID LANGUAGE plpgsql AS $$
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

    PERFORM "recalculate_tier"(p_buyer);
    PERFORM "recalculate_tier"(p_seller);
    INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
    VALUES (p_buyer, p_property, 'trade_settled', p_alert_title, p_buyer_message),
           (p_seller, p_property, 'trade_settled', p_alert_title, p_seller_message);
    RETURN v_transaction;
END;
$$;

-- A buyer's hold (createBuyerHold): the amount is held by a pending journal and the shares
-- promised on the order until p_hold_expires_at, awaiting both confirmations. A form key
-- already used answers repeated:<hold id> (same order and shares) or key_reused.
CREATE FUNCTION "market_create_hold"(
    p_buyer UUID, p_order UUID, p_shares INT, p_shares_text TEXT, p_key TEXT, p_now TIMESTAMPTZ, p_amount NUMERIC,
    p_hold_expires_at TIMESTAMPTZ, p_journal_expires_at TIMESTAMPTZ, p_description TEXT, p_physical_channel TEXT
) RETURNS TABLE (hold_id UUID, property_id TEXT, hold_expires_at TIMESTAMPTZ)
LANGUAGE plpgsql AS $$
DECLARE
    v_order RECORD;
    v_seen RECORD;
    v_journal UUID;
    v_hold UUID;
    v_expires TIMESTAMPTZ;
BEGIN
    SELECT * INTO v_order FROM "market_lock_order"(p_order, p_now);
    -- After the order's lock, so a racing submit of the same form is seen once it committed.
    SELECT h."id", h."order_id", h."shares" INTO v_seen FROM "share_buyer_holds" h WHERE h."idempotency_key" = p_key;
    IF FOUND THEN
        IF v_seen.order_id = p_order AND v_seen.shares::TEXT = p_shares_text THEN
            RAISE EXCEPTION 'aangan:repeated id=%', v_seen.id USING ERRCODE = 'P0001';
        END IF;
        RAISE EXCEPTION 'aangan:key_reused' USING ERRCODE = 'P0001';
    END IF;
    PERFORM "market_check_purchase"(p_buyer, v_order, p_shares, p_amount);

    v_journal := "ledger_hold_funds"(p_buyer, p_amount, p_journal_expires_at, p_description, 'hold:' || p_key, p_buyer);
    UPDATE "share_sell_requests" SET "held_shares" = "held_shares" + p_shares, "updated_at" = now() WHERE "id" = p_order;
    INSERT INTO "share_buyer_holds" ("order_id", "buyer_id", "seller_id", "shares", "price_per_share", "amount",
                                     "hold_expires_at", "journal_id", "idempotency_key")
    VALUES (p_order, p_buyer, v_order.seller_id, p_shares, v_order.price_per_share, p_amount, p_hold_expires_at, v_journal, p_key)
    RETURNING "id", "share_buyer_holds"."hold_expires_at" INTO v_hold, v_expires;

    PERFORM "market_announce"(p_physical_channel, 'hold', v_hold, v_order.property_id, ARRAY[v_order.seller_id, p_buyer]);
    RETURN QUERY SELECT v_hold, v_order.property_id, v_expires;
END;
$$;

-- The hold, locked after its order (lockHold); NULL fields when there is no such hold.
CREATE FUNCTION "market_lock_hold"(p_hold UUID, p_now TIMESTAMPTZ)
RETURNS TABLE (
    id UUID, order_id UUID, buyer_id UUID, seller_id UUID, property_id TEXT, shares INT, amount NUMERIC,
    price_per_share NUMERIC, hold_status TEXT, buyer_confirmed BOOLEAN, seller_confirmed BOOLEAN, expired BOOLEAN,
    journal_id UUID
) LANGUAGE plpgsql AS $$
DECLARE
    v_order UUID;
BEGIN
    SELECT h."order_id" INTO v_order FROM "share_buyer_holds" h WHERE h."id" = p_hold;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    PERFORM 1 FROM "share_sell_requests" o WHERE o."id" = v_order FOR UPDATE;
    RETURN QUERY
    SELECT h."id", h."order_id", h."buyer_id", h."seller_id", o."property_id", h."shares", h."amount", h."price_per_share",
           h."hold_status"::TEXT, h."buyer_confirmed", h."seller_confirmed", h."hold_expires_at" <= p_now, h."journal_id"
      FROM "share_buyer_holds" h JOIN "share_sell_requests" o ON o."id" = h."order_id"
     WHERE h."id" = p_hold
       FOR UPDATE OF h;
END;
$$;

-- A side confirms a pending hold (confirmHold); when both have, the hold becomes a
-- reservation awaiting an admin's settlement until p_reservation_expires_at.
CREATE FUNCTION "market_confirm_hold"(
    p_user UUID, p_hold UUID, p_side TEXT, p_now TIMESTAMPTZ, p_reservation_expires_at TIMESTAMPTZ, p_physical_channel TEXT
) RETURNS TABLE (property_id TEXT, reservation_id UUID)
LANGUAGE plpgsql AS $$
DECLARE
    v_hold RECORD;
    v_both BOOLEAN;
    v_reservation UUID;
BEGIN
    IF p_side NOT IN ('buyer', 'seller') THEN
        RAISE EXCEPTION 'market: no side %', p_side;
    END IF;
    SELECT * INTO v_hold FROM "market_lock_hold"(p_hold, p_now);
    IF v_hold.id IS NULL OR (CASE p_side WHEN 'buyer' THEN v_hold.buyer_id ELSE v_hold.seller_id END) IS DISTINCT FROM p_user THEN
        RAISE EXCEPTION 'aangan:hold_not_found' USING ERRCODE = 'P0001';
    END IF;
    IF v_hold.hold_status <> 'pending' THEN
        RAISE EXCEPTION 'aangan:hold_closed' USING ERRCODE = 'P0001';
    END IF;
    IF v_hold.expired THEN
        RAISE EXCEPTION 'aangan:hold_expired' USING ERRCODE = 'P0001';
    END IF;
    IF (CASE p_side WHEN 'buyer' THEN v_hold.buyer_confirmed ELSE v_hold.seller_confirmed END) THEN
        RAISE EXCEPTION 'aangan:already_confirmed' USING ERRCODE = 'P0001';
    END IF;
    IF p_side = 'seller' AND NOT v_hold.buyer_confirmed THEN
        RAISE EXCEPTION 'aangan:buyer_not_confirmed' USING ERRCODE = 'P0001';
    END IF;
    v_both := CASE p_side WHEN 'buyer' THEN v_hold.seller_confirmed ELSE v_hold.buyer_confirmed END;

    UPDATE "share_buyer_holds"
       SET "buyer_confirmed" = "buyer_confirmed" OR p_side = 'buyer',
           "seller_confirmed" = "seller_confirmed" OR p_side = 'seller',
           "hold_status" = CASE WHEN v_both THEN 'reserved'::"hold_status" ELSE "hold_status" END,
           "updated_at" = now()
     WHERE "id" = v_hold.id;
    IF v_both THEN
        INSERT INTO "share_reservations" ("order_id", "hold_id", "buyer_id", "seller_id", "property_id", "shares",
                                          "price_per_share", "amount", "expires_at")
        VALUES (v_hold.order_id, v_hold.id, v_hold.buyer_id, v_hold.seller_id, v_hold.property_id, v_hold.shares,
                v_hold.price_per_share, v_hold.amount, p_reservation_expires_at)
        RETURNING "id" INTO v_reservation;
    END IF;

    PERFORM "market_announce"(p_physical_channel, p_side || '-confirmed', v_hold.id, v_hold.property_id,
                              ARRAY[v_hold.buyer_id, v_hold.seller_id]);
    RETURN QUERY SELECT v_hold.property_id, v_reservation;
END;
$$;

-- The admin settles a reservation both sides confirmed (settleReservation): the hold's
-- pending journal is posted to the seller, exactly once, the shares move, the audit log
-- records it. p_shares and p_amount are what the module read and wrote its texts for; a
-- hold's shares and amount never change, so a difference is a bug, not a race.
CREATE FUNCTION "market_settle_reservation"(
    p_admin UUID, p_reservation UUID, p_now TIMESTAMPTZ, p_notes TEXT, p_shares INT, p_amount NUMERIC,
    p_post_text TEXT, p_bought_text TEXT, p_sold_text TEXT, p_alert_title TEXT, p_buyer_message TEXT, p_seller_message TEXT,
    p_audit_details JSONB, p_physical_channel TEXT
) RETURNS TABLE (buyer_id UUID, seller_id UUID)
LANGUAGE plpgsql AS $$
DECLARE
    v_hold_id UUID;
    v_hold RECORD;
    v_reservation RECORD;
    v_journal UUID;
BEGIN
    SELECT r."hold_id" INTO v_hold_id FROM "share_reservations" r WHERE r."id" = p_reservation;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'aangan:reservation_not_found' USING ERRCODE = 'P0001';
    END IF;
    SELECT * INTO v_hold FROM "market_lock_hold"(v_hold_id, p_now);
    SELECT r."id", r."status"::TEXT AS status, r."expires_at" <= p_now AS expired INTO v_reservation
      FROM "share_reservations" r WHERE r."id" = p_reservation FOR UPDATE;
    IF v_hold.id IS NULL OR v_reservation.id IS NULL THEN
        RAISE EXCEPTION 'aangan:reservation_not_found' USING ERRCODE = 'P0001';
    END IF;
    IF v_reservation.status <> 'active' OR v_hold.hold_status <> 'reserved' THEN
        RAISE EXCEPTION 'aangan:reservation_closed' USING ERRCODE = 'P0001';
    END IF;
    IF v_reservation.expired THEN
        RAISE EXCEPTION 'aangan:reservation_expired' USING ERRCODE = 'P0001';
    END IF;
    IF v_hold.shares <> p_shares OR v_hold.amount <> p_amount THEN
        RAISE EXCEPTION 'market: hold % is % shares for %, not % for %', v_hold.id, v_hold.shares, v_hold.amount, p_shares, p_amount;
    END IF;

    v_journal := "ledger_post_held_funds"(v_hold.journal_id, v_hold.seller_id, v_hold.amount, p_post_text, p_admin);
    UPDATE "share_buyer_holds" SET "hold_status" = 'settled', "updated_at" = now() WHERE "id" = v_hold.id;
    UPDATE "share_reservations"
       SET "status" = 'settled', "settled_at" = now(), "settled_by" = p_admin, "settlement_notes" = p_notes, "updated_at" = now()
     WHERE "id" = p_reservation;
    PERFORM "market_transfer_shares"(v_hold.order_id, v_hold.property_id, v_hold.seller_id, v_hold.buyer_id, v_hold.shares,
                                     v_hold.price_per_share, v_hold.amount, v_journal, NULL, TRUE,
                                     p_bought_text, p_sold_text, p_alert_title, p_buyer_message, p_seller_message);
    INSERT INTO "admin_audit_log" ("admin_id", "action", "target_type", "target_id", "details")
    VALUES (p_admin, 'reservation.settle', 'share_reservation', p_reservation::TEXT, p_audit_details);

    PERFORM "market_announce"(p_physical_channel, 'reservation-settled', p_reservation, v_hold.property_id,
                              ARRAY[v_hold.buyer_id, v_hold.seller_id]);
    RETURN QUERY SELECT v_hold.buyer_id, v_hold.seller_id;
END;
$$;

-- A purchase from a listing at once (instantBuyShares): the amount is held and posted to
-- the seller in the same call (a pending journal resolved at once, so the ledger's
-- one-resolution rule covers this path too), the shares move, the order falls or
-- completes. A form key already used answers repeated:<transaction id> or key_reused.
CREATE FUNCTION "market_instant_buy"(
    p_buyer UUID, p_order UUID, p_shares INT, p_shares_text TEXT, p_key TEXT, p_now TIMESTAMPTZ, p_amount NUMERIC,
    p_journal_expires_at TIMESTAMPTZ, p_hold_text TEXT, p_post_text TEXT, p_bought_text TEXT, p_sold_text TEXT,
    p_alert_title TEXT, p_buyer_message TEXT, p_seller_message TEXT, p_physical_channel TEXT
) RETURNS TABLE (transaction_id UUID, property_id TEXT)
LANGUAGE plpgsql AS $$
DECLARE
    v_order RECORD;
    v_seen RECORD;
    v_pending UUID;
    v_journal UUID;
    v_transaction UUID;
BEGIN
    SELECT * INTO v_order FROM "market_lock_order"(p_order, p_now);
    SELECT t."id", t."reference_id", t."shares" INTO v_seen
      FROM "transactions" t WHERE t."user_id" = p_buyer AND t."idempotency_key" = p_key;
    IF FOUND THEN
        IF v_seen.reference_id = p_order::TEXT AND v_seen.shares::TEXT = p_shares_text THEN
            RAISE EXCEPTION 'aangan:repeated id=%', v_seen.id USING ERRCODE = 'P0001';
        END IF;
        RAISE EXCEPTION 'aangan:key_reused' USING ERRCODE = 'P0001';
    END IF;
    PERFORM "market_check_purchase"(p_buyer, v_order, p_shares, p_amount);

    v_pending := "ledger_hold_funds"(p_buyer, p_amount, p_journal_expires_at, p_hold_text, NULL, p_buyer);
    v_journal := "ledger_post_held_funds"(v_pending, v_order.seller_id, p_amount, p_post_text, p_buyer);
    v_transaction := "market_transfer_shares"(p_order, v_order.property_id, v_order.seller_id, p_buyer, p_shares,
                                              v_order.price_per_share, p_amount, v_journal, p_key, FALSE,
                                              p_bought_text, p_sold_text, p_alert_title, p_buyer_message, p_seller_message);

    PERFORM "market_announce"(p_physical_channel, 'trade', p_order, v_order.property_id, ARRAY[v_order.seller_id, p_buyer]);
    RETURN QUERY SELECT v_transaction, v_order.property_id;
END;
$$;
