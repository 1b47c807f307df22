-- The counters' "first investment" check picks its plan by the statement's size (ADR 0107,
-- amended). The previous migration filtered the investor's rows by the new ids as a list
-- (NOT IN), which PostgreSQL hashes only while the list fits in the memory a hash may use; past
-- that it compares every row with the whole list, and a bulk insert of 300,000 rows for one
-- investor had not finished after 50 s where the nested anti-join took 14 s. A statement of up to 1,000
-- rows keeps the list; a larger one the anti-join. Each is its own statement with its own plan.
-- The investors delta is now counted first and added as one value; the rows written are the same.
CREATE OR REPLACE FUNCTION "platform_counters_investments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_investors NUMERIC;
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
        -- An investor counts when the statement gives them their first investment: no row of
        -- theirs outside the new ones. A few new rows (a purchase, a trade's settlement) are a
        -- hashed list, and the check stops at the investor's first other row (ADR 0107). A bulk
        -- load's list could outgrow the memory a hashed list may use, and PostgreSQL would then
        -- scan it once per row; a hash anti-join over the investors' rows is right for it.
        IF (SELECT count(*) FROM new_rows) <= 1000 THEN
            SELECT count(*) INTO v_investors FROM (SELECT DISTINCT user_id FROM new_rows) u
             WHERE NOT EXISTS (SELECT 1 FROM investments i
                                WHERE i.user_id = u.user_id AND i.id NOT IN (SELECT n.id FROM new_rows n));
        ELSE
            SELECT count(*) INTO v_investors FROM (SELECT DISTINCT user_id FROM new_rows) u
             WHERE NOT EXISTS (SELECT 1 FROM investments i
                                WHERE i.user_id = u.user_id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id));
        END IF;
        INSERT INTO platform_counters (metric, value)
        SELECT metric, sum(delta) FROM (
            SELECT 'investments:' || n.investment_status AS metric, 1::numeric AS delta FROM new_rows n
            UNION ALL
            SELECT 'invested:' || n.investment_status, n.total_investment FROM new_rows n
            UNION ALL
            SELECT 'investors', v_investors
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
        -- The same two plans for "had an investment before the statement" (see the INSERT's).
        IF (SELECT count(*) FROM new_rows) <= 1000 THEN
            SELECT coalesce(sum(has_now::int - had_before::int), 0) INTO v_investors
              FROM (SELECT EXISTS (SELECT 1 FROM investments i WHERE i.user_id = u.user_id) AS has_now,
                           EXISTS (SELECT 1 FROM old_rows o WHERE o.user_id = u.user_id)
                           OR EXISTS (SELECT 1 FROM investments i
                                       WHERE i.user_id = u.user_id AND i.id NOT IN (SELECT n.id FROM new_rows n)) AS had_before
                      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) u) u;
        ELSE
            SELECT coalesce(sum(has_now::int - had_before::int), 0) INTO v_investors
              FROM (SELECT EXISTS (SELECT 1 FROM investments i WHERE i.user_id = u.user_id) AS has_now,
                           EXISTS (SELECT 1 FROM old_rows o WHERE o.user_id = u.user_id)
                           OR EXISTS (SELECT 1 FROM investments i
                                       WHERE i.user_id = u.user_id AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id)) AS had_before
                      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) u) u;
        END IF;
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
            SELECT 'investors', v_investors
        ) x GROUP BY metric HAVING sum(delta) <> 0;
    END IF;
    RETURN NULL;
END;
$$;
