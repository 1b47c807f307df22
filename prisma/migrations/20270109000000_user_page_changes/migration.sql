-- Page versions raised without waiting (ADR 0084). An investor's version was one row per investor
-- upserted at the commit by deferred triggers, in the order the transaction first touched its
-- investors; two transactions touching A then B and B then A (a market expiry and a settlement)
-- locked the two rows in opposite orders at the commit and one died on a deadlock.
--
-- Now a raise only adds a row keyed by the investor and the raising transaction's own id, so it
-- never meets another transaction's row: nothing to wait for, nothing to deadlock on. An
-- investor's version is their folded base (user_page_versions.version, 0 without a row) plus the
-- number of change rows not yet folded; a job folds the rows into the base every minute (one
-- statement, so a reader sees the same sum before and after).
CREATE TABLE "user_page_changes" (
    "user_id" UUID NOT NULL,
    -- The raising transaction's 64-bit id (never wraps): one row per investor and transaction,
    -- and a key no other transaction can insert. No foreign key: checking one would share-lock
    -- the investor's profile at the commit, which a transaction holding it for update would block.
    "changed_in" BIGINT NOT NULL,
    CONSTRAINT "user_page_changes_pkey" PRIMARY KEY ("user_id", "changed_in")
);

-- The base no longer remembers a transaction: only the fold writes it.
ALTER TABLE "user_page_versions" DROP COLUMN "changed_in";

-- Conflicts only with the row this transaction already added for the investor (a second write
-- of theirs in the same transaction), which it does not wait for.
CREATE OR REPLACE FUNCTION "raise_user_page_version"(p_user UUID) RETURNS void LANGUAGE sql AS $$
    INSERT INTO "user_page_changes" ("user_id", "changed_in")
    VALUES (p_user, pg_current_xact_id()::text::bigint)
    ON CONFLICT ("user_id", "changed_in") DO NOTHING
$$;

-- Folds every change row its snapshot sees into the investors' bases, in one statement: a
-- reader's single snapshot sees either the rows or the raised bases, never both or neither, so
-- no version moves. Rows committed meanwhile stay for the next run. A second run at the same
-- time waits for the first's delete and then skips the rows it deleted, so no row is counted
-- twice. Answers how many rows it folded.
CREATE FUNCTION "user_page_changes_fold"() RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    v_folded INTEGER;
BEGIN
    WITH gone AS (DELETE FROM "user_page_changes" RETURNING "user_id"),
         counted AS (SELECT "user_id", count(*) AS "changes" FROM gone GROUP BY "user_id"),
         folded AS (INSERT INTO "user_page_versions" AS v ("user_id", "version")
                    SELECT "user_id", "changes" FROM counted ORDER BY "user_id"
                    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + excluded."version")
    SELECT coalesce(sum("changes"), 0)::integer INTO v_folded FROM counted;
    RETURN v_folded;
END;
$$;

-- The catalogue's version stays one row, now taken only at the commit: a new or removed property
-- raised it from a statement trigger in the transaction's body, holding the row while that
-- transaction went on to lock other rows. A deferred row trigger raises it at the commit like
-- every other change to the catalogue.
DROP TRIGGER "properties_page_version_rows" ON "properties";
CREATE CONSTRAINT TRIGGER "properties_page_version_rows" AFTER INSERT OR DELETE ON "properties"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_page_version_changed"();
