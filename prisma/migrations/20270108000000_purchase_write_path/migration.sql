-- A purchase's writes, trimmed to what a guarantee or a query needs (issue 32, ADR 0083).
-- Nothing here changes what any row holds after a commit; it changes how many statements,
-- trigger calls and index entries it takes to get there.

-- 1. transactions_property_id_idx repeats the first column of
--    transactions_property_id_transaction_type_created_at_idx (ADR 0078), which serves every
--    "property_id = $1" read and the foreign key's checks as well. One index entry fewer per
--    transaction row written.
DROP INDEX "transactions_property_id_idx";

-- 2. ledger_journals.user_id names the investor of a hold: a pending journal and its post or
--    void carry it; a purchase's journal, like every journal ledger_write_single_journal writes,
--    leaves it NULL, and still added a NULL entry to this index. Every read of the column asks
--    for one user's journals ("user_id = $1", which implies NOT NULL, so the planner takes the
--    partial index), and so do the foreign key's checks.
DROP INDEX "ledger_journals_user_id_idx";
CREATE INDEX "ledger_journals_user_id_idx" ON "ledger_journals" ("user_id") WHERE "user_id" IS NOT NULL;

-- 3. The investor's page version (ADR 0045) goes up once per transaction, but every changed row
--    of the investor's queued its own deferred trigger, each running an upsert that found the
--    version already raised: five per purchase (the transaction, the position, the alert and
--    the day's flows twice). The trigger is now queued only for the first change of an investor
--    in a transaction; later changes of the same investor find it queued and queue nothing.
--    The marker is a transaction-local setting, set in the same WHEN that queues the trigger:
--    a rolled-back savepoint undoes both the setting and the event queued with it, and the
--    commit (or rollback) clears it. It remembers one investor, the last one queued: a
--    transaction alternating between investors (a settlement) queues more than once, as before.
CREATE FUNCTION "user_page_version_first_change"(p_user UUID) RETURNS boolean LANGUAGE sql VOLATILE AS $$
    SELECT CASE
        WHEN p_user IS NULL THEN true
        WHEN current_setting('aangan.user_page_version_queued', true) IS NOT DISTINCT FROM p_user::text THEN false
        ELSE set_config('aangan.user_page_version_queued', p_user::text, true) IS NOT NULL
    END
$$;

-- The upsert written in the trigger, not through raise_user_page_version(): a SQL function
-- called from PL/pgSQL is planned and run as a statement of its own.
CREATE OR REPLACE FUNCTION "user_page_version_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO "user_page_versions" AS v ("user_id", "version", "changed_in")
        VALUES (OLD."user_id", 1, pg_current_xact_id()::text::bigint)
        ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1, "changed_in" = excluded."changed_in"
         WHERE v."changed_in" <> excluded."changed_in";
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
        INSERT INTO "user_page_versions" AS v ("user_id", "version", "changed_in")
        VALUES (NEW."user_id", 1, pg_current_xact_id()::text::bigint)
        ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1, "changed_in" = excluded."changed_in"
         WHERE v."changed_in" <> excluded."changed_in";
    END IF;
    RETURN NULL;
END;
$$;

-- A WHEN may name OLD only on UPDATE and DELETE and NEW only on INSERT and UPDATE, so each
-- table's one trigger becomes three. A row moved to another investor raises both, always.
DROP TRIGGER "transactions_page_version" ON "transactions";
DROP TRIGGER "user_alerts_page_version" ON "user_alerts";
DROP TRIGGER "user_property_positions_page_version" ON "user_property_positions";
DROP TRIGGER "investor_daily_flows_page_version" ON "investor_daily_flows";

CREATE CONSTRAINT TRIGGER "transactions_page_version" AFTER INSERT ON "transactions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "transactions_page_version_updated" AFTER UPDATE ON "transactions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR "user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "transactions_page_version_deleted" AFTER DELETE ON "transactions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(OLD."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();

CREATE CONSTRAINT TRIGGER "user_alerts_page_version" AFTER INSERT ON "user_alerts"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_alerts_page_version_updated" AFTER UPDATE ON "user_alerts"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR "user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_alerts_page_version_deleted" AFTER DELETE ON "user_alerts"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(OLD."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();

CREATE CONSTRAINT TRIGGER "user_property_positions_page_version" AFTER INSERT ON "user_property_positions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_property_positions_page_version_updated" AFTER UPDATE ON "user_property_positions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR "user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "user_property_positions_page_version_deleted" AFTER DELETE ON "user_property_positions"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(OLD."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();

CREATE CONSTRAINT TRIGGER "investor_daily_flows_page_version" AFTER INSERT ON "investor_daily_flows"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "investor_daily_flows_page_version_updated" AFTER UPDATE ON "investor_daily_flows"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id" OR "user_page_version_first_change"(NEW."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();
CREATE CONSTRAINT TRIGGER "investor_daily_flows_page_version_deleted" AFTER DELETE ON "investor_daily_flows"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN ("user_page_version_first_change"(OLD."user_id"))
    EXECUTE FUNCTION "user_page_version_row_changed"();

-- Nothing calls it any more: the trigger above writes the same upsert itself.
DROP FUNCTION "raise_user_page_version"(UUID);

-- 4. Every single journal tried to insert each of its accounts (ON CONFLICT DO NOTHING, in code
--    order) although after an investor's first movement they all exist: one read by code now
--    decides whether any is missing, and only then the insert runs as before. The escrow row
--    is still ensured on every call: the wallet's CHECK and the balance update depend on it.
CREATE OR REPLACE FUNCTION "ledger_write_single_journal"(
    p_kind "ledger_journal_kind", p_description TEXT, p_idempotency_key TEXT, p_created_by UUID,
    p_codes TEXT[], p_kinds "ledger_account_kind"[], p_user_ids UUID[], p_property_ids TEXT[], p_amounts NUMERIC[],
    p_created_at TIMESTAMPTZ DEFAULT NULL
) RETURNS UUID LANGUAGE plpgsql AS $$
DECLARE
    v_journal UUID;
    v_created TIMESTAMPTZ;
    v_posted INT;
BEGIN
    IF (SELECT count(*) FROM "ledger_accounts" a WHERE a."code" = ANY (p_codes)) < cardinality(p_codes) THEN
        INSERT INTO "ledger_accounts" ("code", "kind", "user_id", "property_id")
        SELECT w.code, w.kind, w.user_id, w.property_id
          FROM unnest(p_codes, p_kinds, p_user_ids, p_property_ids) AS w(code, kind, user_id, property_id)
         ORDER BY w.code
        ON CONFLICT ("code") DO NOTHING;
    END IF;
    INSERT INTO "escrow_balances" ("user_id")
    SELECT DISTINCT u FROM unnest(p_user_ids) AS u WHERE u IS NOT NULL ORDER BY 1
    ON CONFLICT ("user_id") DO NOTHING;

    INSERT INTO "ledger_journals" ("kind", "phase", "description", "idempotency_key", "created_by", "created_at")
    VALUES (p_kind, 'single', p_description, p_idempotency_key, p_created_by, COALESCE(p_created_at, now()))
    RETURNING "id", "created_at" INTO v_journal, v_created;

    INSERT INTO "ledger_postings" ("journal_id", "account_id", "amount", "created_at")
    SELECT v_journal, a."id", w.amount, v_created
      FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS w(code, amount, n)
      JOIN "ledger_accounts" a ON a."code" = w.code
     ORDER BY w.n;
    GET DIAGNOSTICS v_posted = ROW_COUNT;
    IF v_posted <> cardinality(p_codes) THEN
        RAISE EXCEPTION 'ledger: an account of journal % could not be resolved', v_journal;
    END IF;

    WITH deltas AS (
        SELECT a."user_id",
               COALESCE(SUM(w.amount) FILTER (WHERE a."kind" = 'user_available'), 0) AS available,
               COALESCE(SUM(w.amount) FILTER (WHERE a."kind" = 'user_held'), 0) AS held
          FROM unnest(p_codes, p_amounts) AS w(code, amount)
          JOIN "ledger_accounts" a ON a."code" = w.code
         WHERE a."kind" IN ('user_available', 'user_held')
         GROUP BY a."user_id"
    ), locked AS (
        SELECT e."user_id" FROM "escrow_balances" e
         WHERE e."user_id" IN (SELECT "user_id" FROM deltas)
         ORDER BY e."user_id"
           FOR NO KEY UPDATE
    )
    UPDATE "escrow_balances" e
       SET "available_balance" = e."available_balance" + d.available,
           "held_balance" = e."held_balance" + d.held,
           "updated_at" = now()
      FROM deltas d JOIN locked l ON l."user_id" = d."user_id"
     WHERE e."user_id" = d."user_id";
    RETURN v_journal;
END;
$$;
