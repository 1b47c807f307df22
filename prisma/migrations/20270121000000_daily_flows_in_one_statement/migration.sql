-- The daily flows' triggers write their row in one statement (docs/performance.md, forty-first
-- pass). A transaction's flow ran the trigger, then PERFORM investor_daily_flows_add_flow, then
-- PERFORM investor_daily_flows_add (a SQL function with a SET clause, so never inlined), then
-- the upsert: three statements started and two function calls made for one row, on every
-- purchase (two flows) and every settled trade (four or five). The triggers now compute the
-- amounts themselves and upsert directly; the sums they keep are the same, to the paisa and the
-- second (investor-daily-flows.test.ts compares them with sums computed afresh).
CREATE OR REPLACE FUNCTION "investor_daily_flows_transaction"() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_sign INT;
    v_user UUID;
    v_at TIMESTAMPTZ;
    v_flow NUMERIC;
    v_amount NUMERIC;
BEGIN
    -- -1 takes the old row's flow away (UPDATE, DELETE); +1 adds the new row's (INSERT, UPDATE).
    FOR v_sign IN -1..1 BY 2 LOOP
        CONTINUE WHEN (v_sign = -1 AND TG_OP = 'INSERT') OR (v_sign = 1 AND TG_OP = 'DELETE');
        IF v_sign = -1 THEN
            v_user := OLD.user_id;
            v_at := OLD.created_at;
            v_flow := investor_cash_flow(OLD.transaction_type, OLD.status, OLD.amount, OLD.fee);
        ELSE
            v_user := NEW.user_id;
            v_at := NEW.created_at;
            v_flow := investor_cash_flow(NEW.transaction_type, NEW.status, NEW.amount, NEW.fee);
        END IF;
        CONTINUE WHEN v_flow = 0;
        -- A payment (negative flow) counts in paid, a receipt in received, each also weighted by
        -- its time so a day's sum can be dated at its flows' mean.
        v_amount := v_sign * abs(v_flow);
        INSERT INTO investor_daily_flows AS f (user_id, day, invested, paid, paid_weighted_seconds, received, received_weighted_seconds)
        VALUES (v_user, (v_at AT TIME ZONE 'UTC')::date, 0,
                CASE WHEN v_flow < 0 THEN v_amount ELSE 0 END,
                CASE WHEN v_flow < 0 THEN v_amount * extract(epoch FROM v_at) ELSE 0 END,
                CASE WHEN v_flow > 0 THEN v_amount ELSE 0 END,
                CASE WHEN v_flow > 0 THEN v_amount * extract(epoch FROM v_at) ELSE 0 END)
        ON CONFLICT (user_id, day) DO UPDATE
           SET paid = f.paid + EXCLUDED.paid,
               paid_weighted_seconds = f.paid_weighted_seconds + EXCLUDED.paid_weighted_seconds,
               received = f.received + EXCLUDED.received,
               received_weighted_seconds = f.received_weighted_seconds + EXCLUDED.received_weighted_seconds;
    END LOOP;
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "investor_daily_flows_investment"() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.investment_status = 'confirmed' AND OLD.total_investment <> 0 THEN
        INSERT INTO investor_daily_flows AS f (user_id, day, invested)
        VALUES (OLD.user_id, (OLD.investment_date AT TIME ZONE 'UTC')::date, -OLD.total_investment)
        ON CONFLICT (user_id, day) DO UPDATE SET invested = f.invested + EXCLUDED.invested;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.investment_status = 'confirmed' AND NEW.total_investment <> 0 THEN
        INSERT INTO investor_daily_flows AS f (user_id, day, invested)
        VALUES (NEW.user_id, (NEW.investment_date AT TIME ZONE 'UTC')::date, NEW.total_investment)
        ON CONFLICT (user_id, day) DO UPDATE SET invested = f.invested + EXCLUDED.invested;
    END IF;
    RETURN NULL;
END;
$$;

DROP FUNCTION "investor_daily_flows_add_flow"(UUID, TIMESTAMPTZ, NUMERIC, INT);
DROP FUNCTION "investor_daily_flows_add"(UUID, DATE, NUMERIC, NUMERIC, NUMERIC, NUMERIC, NUMERIC);
