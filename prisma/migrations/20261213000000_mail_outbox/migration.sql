-- Notices written by the market's database functions in the money's own statement (ADR 0060).
-- A hold and a settlement are one call of one function (ADR 0043), so their mails cannot go
-- through pg-boss's send inside the transaction as other commands' do (ADR 0051): the function
-- writes each mail here, in the same transaction, and a job moves it into the mail queue
-- exactly once (the move and the row's queued_at commit together; SKIP LOCKED keeps two
-- drains apart).
CREATE TABLE "mail_outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    -- The mail queue's message as is: {"to": [...], "subject": "...", "text": "..."}.
    "message" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "queued_at" TIMESTAMPTZ(6),
    -- The mail job it became, or why it could not become one.
    "job_id" TEXT,
    "refused" TEXT,
    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "mail_outbox_waiting_idx" ON "mail_outbox" ("created_at") WHERE "queued_at" IS NULL;

-- Writes the given mails ([{to, subject, text}, ...]) to the outbox. A failure is a warning,
-- never the money's rollback (spec 001 section 8: a notice never undoes its event).
CREATE FUNCTION "outbox_mails"(p_mails JSONB) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    IF p_mails IS NULL OR jsonb_typeof(p_mails) <> 'array' OR jsonb_array_length(p_mails) = 0 THEN
        RETURN;
    END IF;
    BEGIN
        INSERT INTO "mail_outbox" ("message") SELECT m FROM jsonb_array_elements(p_mails) AS m;
    EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'mail not written to the outbox; the event it announces stands: %', SQLERRM;
    END;
END;
$$;

-- An alert on a user's bell and its live event, with the same rule: a failure only warns.
CREATE FUNCTION "market_alert"(p_channel TEXT, p_user UUID, p_property TEXT, p_type TEXT, p_title TEXT, p_message TEXT)
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    v_alert UUID;
BEGIN
    IF p_title IS NULL OR p_message IS NULL THEN
        RETURN;
    END IF;
    BEGIN
        INSERT INTO "user_alerts" ("user_id", "property_id", "alert_type", "title", "message")
        VALUES (p_user, p_property, p_type, p_title, p_message)
        RETURNING "id" INTO v_alert;
        PERFORM pg_notify(p_channel, json_build_object('channel', 'alerts:' || p_user, 'type', 'alert', 'id', v_alert)::TEXT);
    EXCEPTION WHEN OTHERS THEN
        RAISE WARNING 'alert not created; the event it announces stands: %', SQLERRM;
    END;
END;
$$;

DROP FUNCTION "market_create_hold"(UUID, UUID, INT, TEXT, TEXT, TIMESTAMPTZ, NUMERIC, TIMESTAMPTZ, TIMESTAMPTZ, TEXT, TEXT);
CREATE FUNCTION "market_create_hold"(p_buyer UUID, p_order UUID, p_shares INT, p_shares_text TEXT, p_key TEXT, p_now TIMESTAMPTZ,
                                     p_amount NUMERIC, p_hold_expires_at TIMESTAMPTZ, p_journal_expires_at TIMESTAMPTZ,
                                     p_description TEXT, p_physical_channel TEXT,
                                     p_alert_title TEXT, p_seller_message TEXT, p_mails JSONB)
RETURNS TABLE(hold_id UUID, property_id TEXT, hold_expires_at TIMESTAMPTZ)
LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan'
AS $$
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

    -- The seller hears of it with the hold: an alert (and its live event) and a mail, committed together.
    PERFORM "market_alert"(p_physical_channel, v_order.seller_id, v_order.property_id, 'hold_placed', p_alert_title, p_seller_message);
    PERFORM "outbox_mails"(p_mails);
    PERFORM "market_announce"(p_physical_channel, 'hold', v_hold, v_order.property_id, ARRAY[v_order.seller_id, p_buyer]);
    RETURN QUERY SELECT v_hold, v_order.property_id, v_expires;
END;
$$;

DROP FUNCTION "market_settle_reservation"(UUID, UUID, TIMESTAMPTZ, TEXT, INT, NUMERIC, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, JSONB, TEXT);
CREATE FUNCTION "market_settle_reservation"(p_admin UUID, p_reservation UUID, p_now TIMESTAMPTZ, p_notes TEXT, p_shares INT,
                                            p_amount NUMERIC, p_post_text TEXT, p_bought_text TEXT, p_sold_text TEXT,
                                            p_alert_title TEXT, p_buyer_message TEXT, p_seller_message TEXT,
                                            p_audit_details JSONB, p_physical_channel TEXT, p_mails JSONB)
RETURNS TABLE(buyer_id UUID, seller_id UUID)
LANGUAGE plpgsql
SET plan_cache_mode TO 'force_generic_plan'
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

    PERFORM "market_announce"(p_physical_channel, 'reservation-settled', p_reservation, v_hold.property_id,
                              ARRAY[v_hold.buyer_id, v_hold.seller_id]);
    RETURN QUERY SELECT v_hold.buyer_id, v_hold.seller_id;
END;
$$;
