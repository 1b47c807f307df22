-- Each investor's money summed per UTC day, kept up to date as rows change (issue 15, ADR 0038).
-- /dashboard/overview used to scan and group every confirmed investment and completed
-- transaction of the investor on every view: 14-22 ms of PostgreSQL for 5,000 of each, more
-- than the rest of the page. These sums are what it draws and annualises, so it now reads at
-- most one row per day the investor was active. Triggers keep them, in the same transaction as
-- the row that changed, whichever code path wrote it (a purchase, a settlement, a dividend run,
-- an admin correction, a test fixture); a removed contribution is subtracted exactly (NUMERIC).
CREATE TABLE "investor_daily_flows" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    -- Confirmed investments' total_investment, by investment_date (the chart).
    "invested" NUMERIC(20,2) NOT NULL DEFAULT 0,
    -- Completed cash flows of the kinds the annualised return counts, split by sign as the
    -- return sees them: paid out (a positive sum of -(amount + fee), or of -(amount - fee)
    -- when a receipt's fee exceeds it) and received (amount - fee), each with the sum of
    -- epoch seconds x amount, so the day's flows can be dated at their amount-weighted time.
    "paid" NUMERIC(20,2) NOT NULL DEFAULT 0,
    "paid_weighted_seconds" NUMERIC(40,6) NOT NULL DEFAULT 0,
    "received" NUMERIC(20,2) NOT NULL DEFAULT 0,
    "received_weighted_seconds" NUMERIC(40,6) NOT NULL DEFAULT 0,
    CONSTRAINT "investor_daily_flows_pkey" PRIMARY KEY ("user_id", "day"),
    CONSTRAINT "investor_daily_flows_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Adds (sign 1) or removes (sign -1) one row's contribution.
CREATE FUNCTION "investor_daily_flows_add"(
    p_user UUID, p_day DATE, p_invested NUMERIC, p_paid NUMERIC, p_paid_weighted NUMERIC, p_received NUMERIC, p_received_weighted NUMERIC
) RETURNS void LANGUAGE sql SET plan_cache_mode = force_generic_plan AS $$
    INSERT INTO investor_daily_flows AS f (user_id, day, invested, paid, paid_weighted_seconds, received, received_weighted_seconds)
    VALUES (p_user, p_day, p_invested, p_paid, p_paid_weighted, p_received, p_received_weighted)
    ON CONFLICT (user_id, day) DO UPDATE
       SET invested = f.invested + EXCLUDED.invested,
           paid = f.paid + EXCLUDED.paid,
           paid_weighted_seconds = f.paid_weighted_seconds + EXCLUDED.paid_weighted_seconds,
           received = f.received + EXCLUDED.received,
           received_weighted_seconds = f.received_weighted_seconds + EXCLUDED.received_weighted_seconds;
$$;

CREATE FUNCTION "investor_daily_flows_investment"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.investment_status = 'confirmed' AND OLD.total_investment <> 0 THEN
        PERFORM investor_daily_flows_add(OLD.user_id, (OLD.investment_date AT TIME ZONE 'UTC')::date, -OLD.total_investment, 0, 0, 0, 0);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.investment_status = 'confirmed' AND NEW.total_investment <> 0 THEN
        PERFORM investor_daily_flows_add(NEW.user_id, (NEW.investment_date AT TIME ZONE 'UTC')::date, NEW.total_investment, 0, 0, 0, 0);
    END IF;
    RETURN NULL;
END;
$$;

-- The signed cash flow a transaction is to the annualised return (negative: paid), or 0.
CREATE FUNCTION "investor_cash_flow"(p_type transaction_type, p_status transaction_status, p_amount NUMERIC, p_fee NUMERIC)
RETURNS NUMERIC LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
        WHEN p_status <> 'completed' THEN 0
        WHEN p_type IN ('investment', 'share_purchase', 'fee') THEN -(p_amount + p_fee)
        WHEN p_type IN ('share_sale', 'dividend') THEN p_amount - p_fee
        ELSE 0
    END;
$$;

-- Adds (p_sign 1) or removes (p_sign -1) one transaction's cash flow on its UTC day: a
-- negative flow to what was paid, a positive one to what was received.
CREATE FUNCTION "investor_daily_flows_add_flow"(p_user UUID, p_at TIMESTAMPTZ, p_flow NUMERIC, p_sign INT)
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_amount NUMERIC := p_sign * abs(p_flow);
    v_weighted NUMERIC := p_sign * abs(p_flow) * extract(epoch FROM p_at);
BEGIN
    IF p_flow < 0 THEN
        PERFORM investor_daily_flows_add(p_user, (p_at AT TIME ZONE 'UTC')::date, 0, v_amount, v_weighted, 0, 0);
    ELSIF p_flow > 0 THEN
        PERFORM investor_daily_flows_add(p_user, (p_at AT TIME ZONE 'UTC')::date, 0, 0, 0, v_amount, v_weighted);
    END IF;
END;
$$;

CREATE FUNCTION "investor_daily_flows_transaction"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM investor_daily_flows_add_flow(OLD.user_id, OLD.created_at,
                                              investor_cash_flow(OLD.transaction_type, OLD.status, OLD.amount, OLD.fee), -1);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM investor_daily_flows_add_flow(NEW.user_id, NEW.created_at,
                                              investor_cash_flow(NEW.transaction_type, NEW.status, NEW.amount, NEW.fee), 1);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "investor_daily_flows_investment"
    AFTER INSERT OR DELETE OR UPDATE OF user_id, investment_status, total_investment, investment_date ON "investments"
    FOR EACH ROW EXECUTE FUNCTION investor_daily_flows_investment();

CREATE TRIGGER "investor_daily_flows_transaction"
    AFTER INSERT OR DELETE OR UPDATE OF user_id, transaction_type, status, amount, fee, created_at ON "transactions"
    FOR EACH ROW EXECUTE FUNCTION investor_daily_flows_transaction();

-- Every investor's sums computed afresh from the rows: fills the table now, and again after a
-- TRUNCATE of either table (which fires no row triggers).
CREATE FUNCTION "investor_daily_flows_rebuild"() RETURNS void LANGUAGE sql AS $$
    DELETE FROM investor_daily_flows;
    INSERT INTO investor_daily_flows (user_id, day, invested, paid, paid_weighted_seconds, received, received_weighted_seconds)
    SELECT user_id, day, sum(invested), sum(paid), sum(paid_weighted), sum(received), sum(received_weighted)
      FROM (
            SELECT user_id, (investment_date AT TIME ZONE 'UTC')::date AS day, total_investment AS invested,
                   0 AS paid, 0 AS paid_weighted, 0 AS received, 0 AS received_weighted
              FROM investments WHERE investment_status = 'confirmed'
            UNION ALL
            SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, 0,
                   greatest(-flow, 0), round(greatest(-flow, 0) * extract(epoch FROM created_at), 6),
                   greatest(flow, 0), round(greatest(flow, 0) * extract(epoch FROM created_at), 6)
              FROM (SELECT *, investor_cash_flow(transaction_type, status, amount, fee) AS flow FROM transactions) t
             WHERE flow <> 0
           ) contributions
     GROUP BY user_id, day;
$$;

CREATE FUNCTION "investor_daily_flows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM investor_daily_flows_rebuild();
    RETURN NULL;
END;
$$;

CREATE TRIGGER "investor_daily_flows_investments_truncated" AFTER TRUNCATE ON "investments"
    FOR EACH STATEMENT EXECUTE FUNCTION investor_daily_flows_truncated();
CREATE TRIGGER "investor_daily_flows_transactions_truncated" AFTER TRUNCATE ON "transactions"
    FOR EACH STATEMENT EXECUTE FUNCTION investor_daily_flows_truncated();

SELECT investor_daily_flows_rebuild();
