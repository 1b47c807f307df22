-- Every signed-in request reads its session with one statement, which asks whether the user's
-- Premium has run out (ADR 0063) through premium_lapsed(). A scalar SQL function whose body
-- reads a table is never inlined by PostgreSQL, and before PostgreSQL 18 such a function is
-- parsed and planned again at every execution of the statement that calls it: on the
-- machine's PostgreSQL 15 (the rehearsal's primary and replica), 0.14 ms a session read
-- against 0.07 ms with the rule written into the statement (pgbench, one connection).
--
-- The rule now lives in a set-returning SQL function, which PostgreSQL inlines into a
-- statement that reads it in its FROM list (a lateral join): the session read plans it once
-- with the rest. premium_lapsed() stays, answering from the same function, for the callers
-- that ask it as a value (the expiry job, a user's own subscription page).
CREATE FUNCTION "premium_lapse"(p_user_id UUID, p_at TIMESTAMPTZ)
RETURNS TABLE ("lapsed" BOOLEAN)
LANGUAGE sql
STABLE
AS $$
    SELECT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."user_id" = p_user_id)
       AND NOT EXISTS (SELECT 1 FROM "subscriptions" s
                        WHERE s."user_id" = p_user_id AND s."cancelled_at" IS NULL
                          AND (s."ends_at" IS NULL OR s."ends_at" > p_at))
$$;

CREATE OR REPLACE FUNCTION "premium_lapsed"(p_user_id UUID, p_at TIMESTAMPTZ)
RETURNS BOOLEAN
LANGUAGE sql
STABLE
AS $$
    SELECT l."lapsed" FROM "premium_lapse"(p_user_id, p_at) l
$$;
