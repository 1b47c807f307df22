-- Two-phase ledger (TigerBeetle's transfer model, in PostgreSQL), and a closed set of
-- journal kinds.
--
-- A pending journal moves an amount from a user's available to held balance and carries an
-- expiry. It is resolved by a second, separate journal (journals stay immutable) whose
-- pending_journal_id points at it: a post (held -> destinations, the rest back to available)
-- or a void (held -> available). The unique index on pending_journal_id is what makes the
-- resolution happen exactly once: PostgreSQL refuses a second one, whoever sends it.
-- Held balance therefore always equals the sum of the user's unresolved pending journals.

CREATE TYPE "ledger_journal_kind" AS ENUM (
    'deposit',          -- money in from outside (fund request approved)
    'withdrawal',       -- money out to a bank account (also the post of a withdrawal_hold)
    'investment',       -- primary purchase: wallet -> property issue (+ fee)
    'fee',              -- a platform fee on its own
    'refund',           -- money given back to a wallet
    'distribution',     -- rental income paid to shareholders (the user sees a 'dividend')
    'adjustment',       -- an operator's correction between platform and user accounts
    'reversal',         -- undoes the journal named by reverses_journal_id
    'withdrawal_hold',  -- pending: a withdrawal request's money held until paid out
    'buyer_hold',       -- pending: a secondary-market buyer's money held until settlement
    'settlement',       -- post of a buyer_hold: held -> seller (+ fee)
    'void'              -- void of any pending journal: held -> available
);
CREATE TYPE "ledger_journal_phase" AS ENUM ('single', 'pending', 'post', 'void');

-- Row triggers do not fire for ALTER TABLE, so the immutability triggers stay in place.
ALTER TABLE "ledger_journals"
    ALTER COLUMN "kind" TYPE "ledger_journal_kind"
        USING (CASE "kind" WHEN 'dividend' THEN 'distribution' ELSE "kind" END)::"ledger_journal_kind",
    ADD COLUMN "phase" "ledger_journal_phase" NOT NULL DEFAULT 'single',
    ADD COLUMN "user_id" UUID,
    ADD COLUMN "expires_at" TIMESTAMPTZ(6),
    ADD COLUMN "pending_journal_id" UUID;

ALTER TABLE "ledger_journals"
    ADD CONSTRAINT "ledger_journals_phase_matches_kind" CHECK (
        ("phase" = 'pending') = ("kind" IN ('withdrawal_hold', 'buyer_hold'))
        AND ("phase" = 'void') = ("kind" = 'void')
        AND ("kind" <> 'settlement' OR "phase" = 'post')
        AND ("phase" <> 'post' OR "kind" IN ('withdrawal', 'settlement'))
    ),
    ADD CONSTRAINT "ledger_journals_two_phase_columns" CHECK (
        ("phase" = 'single' OR "user_id" IS NOT NULL)
        AND ("phase" = 'pending') = ("expires_at" IS NOT NULL)
        AND ("phase" IN ('post', 'void')) = ("pending_journal_id" IS NOT NULL)
        AND ("expires_at" IS NULL OR "expires_at" > "created_at")
    ),
    ADD CONSTRAINT "ledger_journals_reversal_names_its_journal" CHECK (
        ("kind" = 'reversal') = ("reverses_journal_id" IS NOT NULL)
    );

CREATE UNIQUE INDEX "ledger_journals_pending_journal_id_key" ON "ledger_journals"("pending_journal_id");
CREATE INDEX "ledger_journals_user_id_idx" ON "ledger_journals"("user_id");
-- The expiry sweep reads pending journals by expiry time.
CREATE INDEX "ledger_journals_pending_expiry_idx" ON "ledger_journals"("expires_at") WHERE "phase" = 'pending';

ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_pending_journal_id_fkey" FOREIGN KEY ("pending_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The kind a post of a pending journal of this kind carries. The app reads it from here,
-- and the trigger below holds every post to it.
CREATE FUNCTION "ledger_post_kind"(pending_kind "ledger_journal_kind") RETURNS "ledger_journal_kind"
    LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT CASE pending_kind
               WHEN 'withdrawal_hold' THEN 'withdrawal'::"ledger_journal_kind"
               WHEN 'buyer_hold' THEN 'settlement'::"ledger_journal_kind"
           END
$$;

-- A resolution must name a pending journal of the same user, carry the kind that pending
-- journal's kind calls for, and a post must come before the expiry (a void may come any time).
CREATE FUNCTION "ledger_journals_check_resolution"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    pending RECORD;
BEGIN
    IF NEW."pending_journal_id" IS NULL THEN
        RETURN NEW;
    END IF;
    SELECT "phase", "kind", "user_id", "expires_at" INTO pending
      FROM "ledger_journals" WHERE "id" = NEW."pending_journal_id";
    IF NOT FOUND OR pending."phase" <> 'pending' THEN
        RAISE EXCEPTION 'ledger: journal % is not a pending journal and cannot be resolved', NEW."pending_journal_id"
            USING ERRCODE = 'check_violation';
    END IF;
    IF NEW."user_id" IS DISTINCT FROM pending."user_id" THEN
        RAISE EXCEPTION 'ledger: a resolution of pending journal % must belong to its user', NEW."pending_journal_id"
            USING ERRCODE = 'check_violation';
    END IF;
    IF NEW."phase" = 'post' THEN
        IF NEW."kind" IS DISTINCT FROM "ledger_post_kind"(pending."kind") THEN
            RAISE EXCEPTION 'ledger: a post of a % journal is a %, not a %', pending."kind", "ledger_post_kind"(pending."kind"), NEW."kind"
                USING ERRCODE = 'check_violation';
        END IF;
        IF NEW."created_at" >= pending."expires_at" THEN
            RAISE EXCEPTION 'ledger: pending journal % expired at % and can only be voided', NEW."pending_journal_id", pending."expires_at"
                USING ERRCODE = 'check_violation';
        END IF;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER "ledger_journals_resolution_valid" BEFORE INSERT ON "ledger_journals"
    FOR EACH ROW EXECUTE FUNCTION "ledger_journals_check_resolution"();

-- At commit, every journal touched must balance (as before) and have its phase's shape:
--   single:  never touches a held balance (only pending journals and their resolutions do);
--   pending: exactly its user's available -X and held +X;
--   post:    its user's held -X, where X is what the pending journal holds, and only credits
--            besides, so what reaches the destinations never exceeds X;
--   void:    exactly its user's held -X and available +X.
CREATE OR REPLACE FUNCTION "ledger_assert_balanced"(journal UUID) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    j RECORD;
    total NUMERIC;
    posting_count INTEGER;
    held_count INTEGER;
    own_held NUMERIC;
    own_available NUMERIC;
    own_available_count INTEGER;
    debits_besides_held INTEGER;
    pending_amount NUMERIC;
BEGIN
    SELECT "phase", "user_id", "pending_journal_id" INTO j FROM "ledger_journals" WHERE "id" = journal;
    SELECT COALESCE(SUM(p."amount"), 0),
           COUNT(*),
           COUNT(*) FILTER (WHERE a."kind" = 'user_held'),
           SUM(p."amount") FILTER (WHERE a."kind" = 'user_held' AND a."user_id" = j."user_id"),
           SUM(p."amount") FILTER (WHERE a."kind" = 'user_available' AND a."user_id" = j."user_id"),
           COUNT(*) FILTER (WHERE a."kind" = 'user_available' AND a."user_id" = j."user_id"),
           COUNT(*) FILTER (WHERE p."amount" < 0 AND NOT (a."kind" = 'user_held' AND a."user_id" = j."user_id"))
      INTO total, posting_count, held_count, own_held, own_available, own_available_count, debits_besides_held
      FROM "ledger_postings" p JOIN "ledger_accounts" a ON a."id" = p."account_id"
     WHERE p."journal_id" = journal;
    IF posting_count < 2 OR total <> 0 THEN
        RAISE EXCEPTION 'journal % is unbalanced: % postings summing to %', journal, posting_count, total
            USING ERRCODE = 'check_violation';
    END IF;
    IF j."phase" = 'single' THEN
        IF held_count > 0 THEN
            RAISE EXCEPTION 'journal % moves a held balance; only a pending journal and its resolution may', journal
                USING ERRCODE = 'check_violation';
        END IF;
    ELSIF j."phase" = 'pending' THEN
        IF posting_count <> 2 OR held_count <> 1 OR own_held IS NULL OR own_held <= 0
           OR own_available_count <> 1 OR own_available <> -own_held THEN
            RAISE EXCEPTION 'pending journal % must move one amount from its user''s available to held balance', journal
                USING ERRCODE = 'check_violation';
        END IF;
    ELSE
        SELECT SUM(p."amount") INTO pending_amount
          FROM "ledger_postings" p JOIN "ledger_accounts" a ON a."id" = p."account_id"
         WHERE p."journal_id" = j."pending_journal_id" AND a."kind" = 'user_held';
        IF held_count <> 1 OR own_held IS DISTINCT FROM -pending_amount OR debits_besides_held > 0 THEN
            RAISE EXCEPTION 'resolution % must release exactly the % its pending journal holds, and only credit other accounts', journal, pending_amount
                USING ERRCODE = 'check_violation';
        END IF;
        IF j."phase" = 'void' AND (posting_count <> 2 OR own_available IS DISTINCT FROM pending_amount) THEN
            RAISE EXCEPTION 'void % must return the whole held amount to available', journal
                USING ERRCODE = 'check_violation';
        END IF;
    END IF;
END;
$$;

-- A journal inserted in this same transaction is checked by its own deferred trigger, which
-- sees all its postings at commit: checking it again for each posting only repeats the work.
CREATE OR REPLACE FUNCTION "ledger_postings_assert_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM "ledger_journals"
                WHERE "id" = NEW."journal_id" AND "xmin" = pg_current_xact_id()::xid) THEN
        RETURN NULL;
    END IF;
    PERFORM "ledger_assert_balanced"(NEW."journal_id");
    RETURN NULL;
END;
$$;
