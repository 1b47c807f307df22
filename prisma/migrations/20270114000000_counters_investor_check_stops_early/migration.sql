-- The platform counters' "first investment" check stops at the investor's first other row
-- (ADR 0107). It asked whether an investor had an investment outside the statement's new rows
-- with a NOT EXISTS over the transition table nested inside a NOT EXISTS over the investor's
-- investments. PostgreSQL planned the inner one as a join of its own (a hash anti-join fed by a
-- bitmap or sequential scan of the investor's rows), which cannot stop early: every purchase
-- read all of the buyer's investments, dead index entries included, so a purchase cost more the
-- more the buyer had bought. The new rows' ids are now a hashed list the investor's rows are
-- filtered by (ids are never NULL, so NOT IN means what the inner NOT EXISTS meant): one anti-join
-- of the statement's investors with an index scan of their rows, which ends at the first row
-- found. The DELETE branch had no inner join and is unchanged; so are the deltas written.
CREATE OR REPLACE FUNCTION "platform_counters_investments"() RETURNS trigger LANGUAGE plpgsql AS $$
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
                                WHERE i.user_id = u.user_id AND i.id NOT IN (SELECT n.id FROM new_rows n))
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
                                       WHERE i.user_id = u.user_id AND i.id NOT IN (SELECT n.id FROM new_rows n)) AS had_before
                      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) u) u
             WHERE has_now <> had_before
        ) x GROUP BY metric HAVING sum(delta) <> 0;
    END IF;
    RETURN NULL;
END;
$$;
