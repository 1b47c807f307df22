-- The money functions plan their statements once per connection (issue 15, ADR 0026).
-- PL/pgSQL prepares each statement with its variables as parameters, and PostgreSQL's plan
-- cache plans such a statement afresh on every call ("custom plans") until it has seen that
-- a generic plan is no worse; for the INSERTs of a purchase it kept replanning, and a perf
-- profile of the purchase bench showed PostgreSQL's time in the planner (reading column
-- defaults and constraint expressions back from text, catalog lookups) more than in the
-- writes. Every statement in these functions is a primary-key or unique-key lookup, an insert
-- or a keyed update, whose best plan does not depend on the values, so they use the generic
-- plan. The setting holds for the call, including the functions and triggers it runs; a later
-- CREATE OR REPLACE of one of them must repeat it.
ALTER FUNCTION "market_create_hold" SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION "market_confirm_hold" SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION "market_settle_reservation" SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION "market_instant_buy" SET plan_cache_mode = force_generic_plan;
-- Run by the deferred balance triggers at commit, after the calling function has returned.
ALTER FUNCTION "ledger_assert_balanced" SET plan_cache_mode = force_generic_plan;
