-- The market's commands stop notifying inside their transactions (ADR 0115). A transaction
-- that calls pg_notify takes PostgreSQL's one notification-queue lock at commit and keeps it
-- until its commit record is flushed, so every hold, confirmation, trade and settlement
-- committed one behind another: sampled under the market bench, about two of the market's
-- calls were waiting on that lock at any moment. Their callers now announce the same events
-- once the call has committed, gathered with the purchases' (announceAfterCommit), and the
-- functions return what the announcements name: both sides of a confirmed hold, a settled
-- reservation's property, the seller's new alert.
--
-- market_alert keeps its rule that a failed alert never undoes the event it tells of; it
-- returns the alert's id (NULL when none was written) instead of notifying.
DROP FUNCTION "market_confirm_hold"(UUID, UUID, TEXT, TIMESTAMPTZ, TIMESTAMPTZ, TEXT);
DROP FUNCTION "market_create_hold"(UUID, UUID, INT, TEXT, TEXT, TIMESTAMPTZ, NUMERIC, TIMESTAMPTZ, TIMESTAMPTZ, TEXT, TEXT, TEXT, TEXT, JSONB);
DROP FUNCTION "market_instant_buy"(UUID, UUID, INT, TEXT, TEXT, TIMESTAMPTZ, NUMERIC, TIMESTAMPTZ, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT);
DROP FUNCTION "market_settle_reservation"(UUID, UUID, TIMESTAMPTZ, TEXT, INT, NUMERIC, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, JSONB, TEXT, JSONB);
DROP FUNCTION "market_alert"(TEXT, UUID, TEXT, TEXT, TEXT, TEXT);
DROP FUNCTION "market_announce"(TEXT, TEXT, UUID, TEXT, UUID[]);

CREATE FUNCTION "market_alert"(p_user UUID, p_property TEXT, p_type TEXT, p_title TEXT, p_message TEXT)
RETURNS UUID
LANGUAGE plpgsql
AS $$
DECLARE
    v_alert UUID;
BEGIN
    IF p_title IS NULL OR p_message IS NULL THEN
        RETURN NULL;
    END IF;
    BEGIN
        INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
        VALUES (p_user, p_property, p_type, p_title, p_message)
        RETURNING "id" INTO v_alert;
    EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'alert not created; the event it announces stands: %', SQLERRM;
    END;
    RETURN v_alert;
END;
$$;

CREATE FUNCTION "market_confirm_hold"(p_user UUID, p_hold UUID, p_side TEXT, p_now TIMESTAMPTZ, p_reservation_expires_at TIMESTAMPTZ)
RETURNS TABLE (property_id TEXT, reservation_id UUID, buyer_id UUID, seller_id UUID)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
    v_hold RECORD;
    v_both BOOLEAN;
    v_reservation UUID;
BEGIN
    IF p_side NOT IN ('buyer', 'seller') THEN
        RAISE EXCEPTION 'market: no side %', p_side;
    END IF;
    -- The hold's lock only (ADR 0099): a confirm changes nothing of the order, and the order's
    -- lock, taken FOR NO KEY UPDATE by every market command, leaves the reservation's foreign
    -- key its KEY SHARE, so a confirm never waits for a command on the same order.
    SELECT h."id", h."order_id", h."buyer_id", h."seller_id", o."property_id", h."shares", h."amount", h."price_per_share",
           h."hold_status"::TEXT AS hold_status, h."buyer_confirmed", h."seller_confirmed", h."hold_expires_at" <= p_now AS expired
      INTO v_hold
      FROM "share_buyer_holds" h JOIN "share_sell_requests" o ON o."id" = h."order_id"
     WHERE h."id" = p_hold
       FOR NO KEY UPDATE OF h;
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
    RETURN QUERY SELECT v_hold.property_id, v_reservation, v_hold.buyer_id, v_hold.seller_id;
END;
$$;

CREATE FUNCTION "market_create_hold"(p_buyer UUID, p_order UUID, p_shares INT, p_shares_text TEXT, p_key TEXT, p_now TIMESTAMPTZ,
                                     p_amount NUMERIC, p_hold_expires_at TIMESTAMPTZ, p_journal_expires_at TIMESTAMPTZ,
                                     p_description TEXT, p_alert_title TEXT, p_seller_message TEXT, p_mails JSONB)
RETURNS TABLE (hold_id UUID, property_id TEXT, hold_expires_at TIMESTAMPTZ, seller_alert_id UUID)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
    v_order RECORD;
    v_seen RECORD;
    v_journal UUID;
    v_hold UUID;
    v_expires TIMESTAMPTZ;
    v_alert UUID;
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

    -- The seller hears of it with the hold: an alert and a mail, committed together.
    v_alert := "market_alert"(v_order.seller_id, v_order.property_id, 'hold_placed', p_alert_title, p_seller_message);
    PERFORM "outbox_mails"(p_mails);
    RETURN QUERY SELECT v_hold, v_order.property_id, v_expires, v_alert;
END;
$$;

CREATE FUNCTION "market_instant_buy"(p_buyer UUID, p_order UUID, p_shares INT, p_shares_text TEXT, p_key TEXT, p_now TIMESTAMPTZ,
                                     p_amount NUMERIC, p_journal_expires_at TIMESTAMPTZ, p_hold_text TEXT, p_post_text TEXT,
                                     p_bought_text TEXT, p_sold_text TEXT, p_alert_title TEXT, p_buyer_message TEXT,
                                     p_seller_message TEXT)
RETURNS TABLE (transaction_id UUID, property_id TEXT, seller_id UUID)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
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
    RETURN QUERY SELECT v_transaction, v_order.property_id, v_order.seller_id;
END;
$$;

CREATE FUNCTION "market_settle_reservation"(p_admin UUID, p_reservation UUID, p_now TIMESTAMPTZ, p_notes TEXT, p_shares INT,
                                            p_amount NUMERIC, p_post_text TEXT, p_bought_text TEXT, p_sold_text TEXT,
                                            p_alert_title TEXT, p_buyer_message TEXT, p_seller_message TEXT,
                                            p_audit_details JSONB, p_mails JSONB)
RETURNS TABLE (buyer_id UUID, seller_id UUID, property_id TEXT)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
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
    PERFORM "outbox_mails"(p_mails);
    RETURN QUERY SELECT v_hold.buyer_id, v_hold.seller_id, v_hold.property_id;
END;
$$;
