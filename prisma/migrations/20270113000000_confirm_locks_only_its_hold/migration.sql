-- A confirm takes its hold's row lock only, and every lock of a sell order is FOR NO KEY UPDATE
-- (ADR 0099). Three of a settled hold's four transactions took the order's row FOR UPDATE, so
-- on a busy listing the two confirms queued behind every hold and settlement of it. A confirm
-- changes only its hold and adds a reservation, whose foreign key needs the order's KEY SHARE
-- lock: FOR UPDATE blocks that, FOR NO KEY UPDATE does not, so the confirm waits for no command
-- on the order and cannot close a cycle with one that holds the order and waits for the hold.
-- The order's columns a key covers (id, idempotency_key) never change, so no update takes the
-- stronger lock either.

CREATE OR REPLACE FUNCTION public.market_lock_order(p_order uuid, p_now timestamp with time zone)
 RETURNS TABLE(id uuid, seller_id uuid, property_id text, shares_sellable boolean, status text, remaining_shares integer, held_shares integer, price_per_share numeric, expired boolean)
 LANGUAGE sql
AS $function$
    SELECT o."id", o."seller_id", o."property_id", p."shares_sellable", o."status"::TEXT, o."remaining_shares",
           o."held_shares", o."price_per_share", o."expires_at" <= p_now
      FROM "share_sell_requests" o JOIN "properties" p ON p."id" = o."property_id"
     WHERE o."id" = p_order
       FOR NO KEY UPDATE OF o
$function$;

CREATE OR REPLACE FUNCTION public.market_lock_hold(p_hold uuid, p_now timestamp with time zone)
 RETURNS TABLE(id uuid, order_id uuid, buyer_id uuid, seller_id uuid, property_id text, shares integer, amount numeric, price_per_share numeric, hold_status text, buyer_confirmed boolean, seller_confirmed boolean, expired boolean, journal_id uuid)
 LANGUAGE plpgsql
AS $function$
DECLARE
    v_order UUID;
BEGIN
    SELECT h."order_id" INTO v_order FROM "share_buyer_holds" h WHERE h."id" = p_hold;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    PERFORM 1 FROM "share_sell_requests" o WHERE o."id" = v_order FOR NO KEY UPDATE;
    RETURN QUERY
    SELECT h."id", h."order_id", h."buyer_id", h."seller_id", o."property_id", h."shares", h."amount", h."price_per_share",
           h."hold_status"::TEXT, h."buyer_confirmed", h."seller_confirmed", h."hold_expires_at" <= p_now, h."journal_id"
      FROM "share_buyer_holds" h JOIN "share_sell_requests" o ON o."id" = h."order_id"
     WHERE h."id" = p_hold
       FOR UPDATE OF h;
END;
$function$;

CREATE OR REPLACE FUNCTION public.market_confirm_hold(p_user uuid, p_hold uuid, p_side text, p_now timestamp with time zone, p_reservation_expires_at timestamp with time zone, p_physical_channel text)
 RETURNS TABLE(property_id text, reservation_id uuid)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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

    PERFORM "market_announce"(p_physical_channel, p_side || '-confirmed', v_hold.id, v_hold.property_id,
                              ARRAY[v_hold.buyer_id, v_hold.seller_id]);
    RETURN QUERY SELECT v_hold.property_id, v_reservation;
END;
$function$;
