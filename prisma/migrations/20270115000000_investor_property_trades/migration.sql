-- ADR 0108: each investor's completed trades and dividends summed per property, kept by triggers
-- on transactions as investor_daily_flows is kept per day (ADR 0038). The overview's totals read
-- one row per holding here instead of every purchase the investor ever made; only the
-- properties with a sale still read their rows, for the runs between sales.
CREATE TABLE "investor_property_trades" (
    "user_id" UUID NOT NULL,
    "property_id" TEXT NOT NULL,
    -- Rows of a holding type with shares (purchases, sales, transmissions, exit pay-outs) and,
    -- of those, the disposals; the sums are over all of them and are read only while no
    -- disposal exists (then every such row is a purchase).
    "trades" INTEGER NOT NULL DEFAULT 0,
    "sales" INTEGER NOT NULL DEFAULT 0,
    "bought_shares" BIGINT NOT NULL DEFAULT 0,
    "bought_amount" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "bought_fee" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "dividends" INTEGER NOT NULL DEFAULT 0,
    "dividend_amount" DECIMAL(20,2) NOT NULL DEFAULT 0,
    "dividend_fee" DECIMAL(20,2) NOT NULL DEFAULT 0,

    CONSTRAINT "investor_property_trades_pkey" PRIMARY KEY ("user_id", "property_id")
);

ALTER TABLE "investor_property_trades" ADD CONSTRAINT "investor_property_trades_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One transaction row's part in its investor's sums for its property, times p_sign (1 added,
-- -1 taken away). Rows that are not completed, not of a property, or of another type add
-- nothing. The types are compared as text, as investor_cash_flow does.
CREATE FUNCTION "investor_property_trades_add"(p_user UUID, p_property TEXT, p_type transaction_type,
                                               p_status transaction_status, p_shares INTEGER,
                                               p_amount NUMERIC, p_fee NUMERIC, p_sign INTEGER)
RETURNS void LANGUAGE plpgsql SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
    IF p_status <> 'completed' OR p_property IS NULL THEN
        RETURN;
    END IF;
    IF p_type = 'dividend' THEN
        INSERT INTO investor_property_trades AS s (user_id, property_id, dividends, dividend_amount, dividend_fee)
        VALUES (p_user, p_property, p_sign, p_sign * abs(p_amount), p_sign * abs(p_fee))
        ON CONFLICT (user_id, property_id) DO UPDATE
           SET dividends = s.dividends + EXCLUDED.dividends,
               dividend_amount = s.dividend_amount + EXCLUDED.dividend_amount,
               dividend_fee = s.dividend_fee + EXCLUDED.dividend_fee;
    ELSIF p_type::text IN ('investment', 'share_purchase', 'share_sale', 'transmission_in', 'transmission_out', 'exit_payout')
          AND p_shares <> 0 THEN
        INSERT INTO investor_property_trades AS s (user_id, property_id, trades, sales, bought_shares, bought_amount, bought_fee)
        VALUES (p_user, p_property, p_sign,
                CASE WHEN p_type::text IN ('share_sale', 'transmission_out', 'exit_payout') THEN p_sign ELSE 0 END,
                p_sign * p_shares, p_sign * p_amount, p_sign * abs(p_fee))
        ON CONFLICT (user_id, property_id) DO UPDATE
           SET trades = s.trades + EXCLUDED.trades,
               sales = s.sales + EXCLUDED.sales,
               bought_shares = s.bought_shares + EXCLUDED.bought_shares,
               bought_amount = s.bought_amount + EXCLUDED.bought_amount,
               bought_fee = s.bought_fee + EXCLUDED.bought_fee;
    END IF;
END;
$$;

CREATE FUNCTION "investor_property_trades_transaction"() RETURNS trigger
LANGUAGE plpgsql SET plan_cache_mode TO 'force_generic_plan' AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM investor_property_trades_add(OLD.user_id, OLD.property_id, OLD.transaction_type, OLD.status,
                                             OLD.shares, OLD.amount, OLD.fee, -1);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM investor_property_trades_add(NEW.user_id, NEW.property_id, NEW.transaction_type, NEW.status,
                                             NEW.shares, NEW.amount, NEW.fee, 1);
    END IF;
    RETURN NULL;
END;
$$;

-- A new row that cannot count (a deposit, a withdrawal, a pending payment) calls nothing.
CREATE TRIGGER "investor_property_trades_inserted"
    AFTER INSERT ON "transactions"
    FOR EACH ROW WHEN (NEW.status = 'completed' AND NEW.property_id IS NOT NULL)
    EXECUTE FUNCTION investor_property_trades_transaction();
CREATE TRIGGER "investor_property_trades_changed"
    AFTER DELETE OR UPDATE OF user_id, property_id, transaction_type, status, shares, amount, fee ON "transactions"
    FOR EACH ROW EXECUTE FUNCTION investor_property_trades_transaction();

-- Every investor's sums computed afresh: fills the table now, and again after a TRUNCATE of
-- transactions (which fires no row triggers).
CREATE FUNCTION "investor_property_trades_rebuild"() RETURNS void LANGUAGE sql AS $$
    DELETE FROM investor_property_trades;
    INSERT INTO investor_property_trades (user_id, property_id, trades, sales, bought_shares, bought_amount, bought_fee,
                                          dividends, dividend_amount, dividend_fee)
    SELECT user_id, property_id,
           count(*) FILTER (WHERE trade),
           count(*) FILTER (WHERE trade AND transaction_type::text IN ('share_sale', 'transmission_out', 'exit_payout')),
           coalesce(sum(shares) FILTER (WHERE trade), 0),
           coalesce(sum(amount) FILTER (WHERE trade), 0),
           coalesce(sum(abs(fee)) FILTER (WHERE trade), 0),
           count(*) FILTER (WHERE transaction_type = 'dividend'),
           coalesce(sum(abs(amount)) FILTER (WHERE transaction_type = 'dividend'), 0),
           coalesce(sum(abs(fee)) FILTER (WHERE transaction_type = 'dividend'), 0)
      FROM (SELECT *, transaction_type::text IN ('investment', 'share_purchase', 'share_sale', 'transmission_in',
                                                 'transmission_out', 'exit_payout') AND shares <> 0 AS trade
              FROM transactions
             WHERE status = 'completed' AND property_id IS NOT NULL) t
     WHERE trade OR transaction_type = 'dividend'
     GROUP BY user_id, property_id;
$$;

CREATE FUNCTION "investor_property_trades_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM investor_property_trades_rebuild();
    RETURN NULL;
END;
$$;

CREATE TRIGGER "investor_property_trades_transactions_truncated" AFTER TRUNCATE ON "transactions"
    FOR EACH STATEMENT EXECUTE FUNCTION investor_property_trades_truncated();

-- No page-version trigger of its own (ADR 0083): the table changes only with a row of
-- transactions, of the same investor and in the same transaction, and transactions' own trigger
-- raises that investor's version; a TRUNCATE of transactions raises every page's.

SELECT investor_property_trades_rebuild();
