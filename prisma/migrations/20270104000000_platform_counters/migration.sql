-- Platform totals kept as counters (issue 37, ADR 0078). The admin overview and the admin
-- investments page summed, counted and counted-distinct every investment and counted every user
-- on each view: a full read that grows with the platform. The counters are kept by triggers in
-- the same transaction as the row that changed, whichever path wrote it (a purchase, a trade's
-- settlement, a cancellation, an exit, a sign-up, a KYC decision, a test fixture), so they are
-- exact at every commit.
--
-- A counter is the sum of its rows, and a change only ever adds a row (its delta): writers never
-- update a shared row, so two purchases never wait for each other here and cannot deadlock on a
-- counter, whatever else their transactions lock and in whatever order. A job folds the rows into
-- one per counter every minute (platform_counters_compact), so a reader sums at most a minute's
-- deltas plus one row per counter.
CREATE TABLE "platform_counters" (
    "id" BIGSERIAL NOT NULL,
    "metric" TEXT NOT NULL,
    "value" NUMERIC(20,2) NOT NULL,
    CONSTRAINT "platform_counters_pkey" PRIMARY KEY ("id")
);

-- "Raised" per property as the spec defines it (the sum of total_investment of confirmed
-- investments), kept the same way by the same trigger: the catalogue and the invest page read a
-- property's few rows instead of summing its investments. properties.funded_amount is not the
-- same figure: it counts the issue's sales only, while a resale replaces the seller's lot by the
-- buyer's at the trade's price and an exit completes every lot.
CREATE TABLE "property_raised" (
    "id" BIGSERIAL NOT NULL,
    "property_id" TEXT NOT NULL,
    "raised" NUMERIC(20,2) NOT NULL,
    CONSTRAINT "property_raised_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "property_raised_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "property_raised_property_id_idx" ON "property_raised" ("property_id");

-- Metrics (values are counts, except invested:* which is rupees):
--   investments:<status>  investment rows in that status
--   invested:<status>     their total_investment
--   investors             users with at least one investment row (any status)
--   users, users_subscribed, users_kyc:<kyc_status>
CREATE FUNCTION "platform_counters_apply"(p_deltas JSONB) RETURNS void LANGUAGE sql AS $$
    INSERT INTO platform_counters (metric, value)
    SELECT d.metric, sum(d.delta)
      FROM jsonb_to_recordset(p_deltas) AS d(metric TEXT, delta NUMERIC)
     GROUP BY d.metric
    HAVING sum(d.delta) <> 0;
$$;

-- Investments: statement triggers with the statement's old and new rows, so a statement that
-- writes several rows of one investor (a fixture, a bulk load) decides "first investment" once.
-- An investor counts when they have a row after the statement and had none before it (the rows
-- before are today's rows minus the new ones plus the old ones), and the reverse.
CREATE FUNCTION "platform_counters_investments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO property_raised (property_id, raised)
        SELECT property_id, sum(total_investment) FROM new_rows WHERE investment_status = 'confirmed'
         GROUP BY property_id HAVING sum(total_investment) <> 0;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO property_raised (property_id, raised)
        SELECT property_id, -sum(total_investment) FROM old_rows WHERE investment_status = 'confirmed'
         GROUP BY property_id HAVING sum(total_investment) <> 0;
    ELSE
        INSERT INTO property_raised (property_id, raised)
        SELECT property_id, sum(delta) FROM (
            SELECT property_id, total_investment AS delta FROM new_rows WHERE investment_status = 'confirmed'
            UNION ALL
            SELECT property_id, -total_investment FROM old_rows WHERE investment_status = 'confirmed'
        ) d GROUP BY property_id HAVING sum(delta) <> 0;
    END IF;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO platform_counters (metric, value)
        SELECT metric, sum(delta) FROM (
            SELECT 'investments:' || n.investment_status AS metric, 1::numeric AS delta FROM new_rows n
            UNION ALL
            SELECT 'invested:' || n.investment_status, n.total_investment FROM new_rows n
            UNION ALL
            SELECT 'investors', 1
              FROM (SELECT DISTINCT user_id FROM new_rows) u
             WHERE NOT EXISTS (SELECT 1 FROM investments i
                                WHERE i.user_id = u.user_id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id))
        ) x GROUP BY metric HAVING sum(delta) <> 0;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO platform_counters (metric, value)
        SELECT metric, sum(delta) FROM (
            SELECT 'investments:' || o.investment_status AS metric, -1::numeric AS delta FROM old_rows o
            UNION ALL
            SELECT 'invested:' || o.investment_status, -o.total_investment FROM old_rows o
            UNION ALL
            SELECT 'investors', -1
              FROM (SELECT DISTINCT user_id FROM old_rows) u
             WHERE NOT EXISTS (SELECT 1 FROM investments i WHERE i.user_id = u.user_id)
        ) x GROUP BY metric HAVING sum(delta) <> 0;
    ELSE
        INSERT INTO platform_counters (metric, value)
        SELECT metric, sum(delta) FROM (
            SELECT 'investments:' || o.investment_status AS metric, -1::numeric AS delta FROM old_rows o
            UNION ALL
            SELECT 'invested:' || o.investment_status, -o.total_investment FROM old_rows o
            UNION ALL
            SELECT 'investments:' || n.investment_status, 1 FROM new_rows n
            UNION ALL
            SELECT 'invested:' || n.investment_status, n.total_investment FROM new_rows n
            UNION ALL
            SELECT 'investors', (has_now::int - had_before::int)::numeric
              FROM (SELECT u.user_id,
                           EXISTS (SELECT 1 FROM investments i WHERE i.user_id = u.user_id) AS has_now,
                           EXISTS (SELECT 1 FROM old_rows o WHERE o.user_id = u.user_id)
                           OR EXISTS (SELECT 1 FROM investments i
                                       WHERE i.user_id = u.user_id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id)) AS had_before
                      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) u) u
             WHERE has_now <> had_before
        ) x GROUP BY metric HAVING sum(delta) <> 0;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "platform_counters_investments_inserted" AFTER INSERT ON "investments"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_counters_investments();
CREATE TRIGGER "platform_counters_investments_updated" AFTER UPDATE ON "investments"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_counters_investments();
CREATE TRIGGER "platform_counters_investments_deleted" AFTER DELETE ON "investments"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION platform_counters_investments();

-- Users: one row's status decides its own counts, so a row trigger does.
CREATE FUNCTION "platform_counters_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_deltas JSONB := '[]'::jsonb;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        v_deltas := v_deltas || jsonb_build_array(
            jsonb_build_object('metric', 'users', 'delta', -1),
            jsonb_build_object('metric', 'users_subscribed', 'delta', -(OLD.subscription_active::int)),
            jsonb_build_object('metric', 'users_kyc:' || OLD.kyc_status, 'delta', -1));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        v_deltas := v_deltas || jsonb_build_array(
            jsonb_build_object('metric', 'users', 'delta', 1),
            jsonb_build_object('metric', 'users_subscribed', 'delta', NEW.subscription_active::int),
            jsonb_build_object('metric', 'users_kyc:' || NEW.kyc_status, 'delta', 1));
    END IF;
    PERFORM platform_counters_apply(v_deltas);
    RETURN NULL;
END;
$$;

CREATE TRIGGER "platform_counters_user" AFTER INSERT OR DELETE OR UPDATE OF user_id, subscription_active, kyc_status ON "user_profiles"
    FOR EACH ROW EXECUTE FUNCTION platform_counters_user();

-- Every counter computed afresh from the rows: fills the tables now, after a TRUNCATE (which
-- fires no row or delete triggers), and is the recount the tests compare the counters with.
CREATE FUNCTION "platform_counters_recount"() RETURNS TABLE (metric TEXT, value NUMERIC) LANGUAGE sql STABLE AS $$
    SELECT metric, sum(value) FROM (
        SELECT 'investments:' || investment_status AS metric, count(*)::numeric AS value FROM investments GROUP BY 1
        UNION ALL
        SELECT 'invested:' || investment_status, sum(total_investment) FROM investments GROUP BY 1
        UNION ALL
        SELECT 'investors', count(DISTINCT user_id) FROM investments
        UNION ALL
        SELECT 'users', count(*) FROM user_profiles
        UNION ALL
        SELECT 'users_subscribed', count(*) FROM user_profiles WHERE subscription_active
        UNION ALL
        SELECT 'users_kyc:' || kyc_status, count(*) FROM user_profiles GROUP BY 1
    ) counts GROUP BY metric HAVING sum(value) <> 0;
$$;

CREATE FUNCTION "property_raised_recount"() RETURNS TABLE (property_id TEXT, raised NUMERIC) LANGUAGE sql STABLE AS $$
    SELECT property_id, sum(total_investment) FROM investments WHERE investment_status = 'confirmed'
     GROUP BY property_id HAVING sum(total_investment) <> 0;
$$;

CREATE FUNCTION "platform_counters_rebuild"() RETURNS void LANGUAGE sql AS $$
    DELETE FROM platform_counters;
    INSERT INTO platform_counters (metric, value) SELECT metric, value FROM platform_counters_recount();
    DELETE FROM property_raised;
    INSERT INTO property_raised (property_id, raised) SELECT property_id, raised FROM property_raised_recount();
$$;

-- Folds each counter's rows (and each property's raised rows) into one. Exact while writers
-- run: the DELETE takes the rows its snapshot sees and the INSERT writes back their sums, in one
-- statement; rows committed meanwhile stay as they are, for the next run. Two runs at once
-- cannot fold a row twice (the second waits for the first's delete and then skips the row).
CREATE FUNCTION "platform_counters_compact"() RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    v_counters INTEGER;
    v_raised INTEGER;
BEGIN
    WITH gone AS (DELETE FROM platform_counters RETURNING metric, value),
         folded AS (INSERT INTO platform_counters (metric, value)
                    SELECT metric, sum(value) FROM gone GROUP BY metric HAVING sum(value) <> 0)
    SELECT count(*) INTO v_counters FROM gone;
    WITH gone AS (DELETE FROM property_raised RETURNING property_id, raised),
         folded AS (INSERT INTO property_raised (property_id, raised)
                    SELECT property_id, sum(raised) FROM gone GROUP BY property_id HAVING sum(raised) <> 0)
    SELECT count(*) INTO v_raised FROM gone;
    RETURN v_counters + v_raised;
END;
$$;

CREATE FUNCTION "platform_counters_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM platform_counters_rebuild();
    RETURN NULL;
END;
$$;

CREATE TRIGGER "platform_counters_investments_truncated" AFTER TRUNCATE ON "investments"
    FOR EACH STATEMENT EXECUTE FUNCTION platform_counters_truncated();
CREATE TRIGGER "platform_counters_users_truncated" AFTER TRUNCATE ON "user_profiles"
    FOR EACH STATEMENT EXECUTE FUNCTION platform_counters_truncated();

SELECT platform_counters_rebuild();
