-- Bank statements of the escrow account (issue 27 item 5, ADR 0062): an admin imports the
-- bank's CSV; each line is kept once, whatever overlapping files bring it again, and a credit
-- line that quotes an open add-funds request's reference can resolve that request, once.

-- One upload: who, when, which file, and how many of its lines were new.
CREATE TABLE "bank_statement_imports" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "imported_by" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "line_count" INTEGER NOT NULL,
    "new_lines" INTEGER NOT NULL,
    "known_lines" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bank_statement_imports_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bank_statement_imports_imported_by_fkey" FOREIGN KEY ("imported_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "bank_statement_imports_counts" CHECK ("new_lines" >= 0 AND "known_lines" >= 0 AND "new_lines" + "known_lines" = "line_count")
);
CREATE INDEX "bank_statement_imports_created" ON "bank_statement_imports"("created_at" DESC);

-- One line of the account's statement. natural_key is the bank's reference (UTR) with the
-- line's direction, or a hash of date, narration, amounts and balance when it has none: the
-- same line in a second file is the same key, and ON CONFLICT DO NOTHING skips it.
CREATE TABLE "bank_statement_lines" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "natural_key" TEXT NOT NULL,
    "import_id" UUID NOT NULL,
    "txn_date" DATE NOT NULL,
    "narration" TEXT NOT NULL,
    "credit" DECIMAL(16,2),
    "debit" DECIMAL(16,2),
    "balance" DECIMAL(16,2),
    "bank_reference" TEXT,
    -- The request references (e.g. AG7K-M2QX) the narration quotes, read once at import.
    "reference_codes" TEXT[] NOT NULL DEFAULT '{}',
    -- The add-funds request this line was used to resolve, and the deposit journal once known.
    "credited_ticket_id" UUID,
    "credited_journal_id" UUID,
    "credited_by" UUID,
    "credited_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bank_statement_lines_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bank_statement_lines_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "bank_statement_imports"("id") ON DELETE RESTRICT,
    CONSTRAINT "bank_statement_lines_credited_ticket_id_fkey" FOREIGN KEY ("credited_ticket_id") REFERENCES "support_tickets"("id") ON DELETE RESTRICT,
    CONSTRAINT "bank_statement_lines_credited_journal_id_fkey" FOREIGN KEY ("credited_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT,
    CONSTRAINT "bank_statement_lines_credited_by_fkey" FOREIGN KEY ("credited_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    -- Money in or money out, never both, never nothing.
    CONSTRAINT "bank_statement_lines_one_direction" CHECK (
        ("credit" IS NOT NULL AND "credit" > 0 AND "debit" IS NULL) OR ("debit" IS NOT NULL AND "debit" > 0 AND "credit" IS NULL)
    ),
    -- Only money in can credit a wallet; a journal only with the request it resolved.
    CONSTRAINT "bank_statement_lines_credit_only" CHECK ("credited_ticket_id" IS NULL OR "credit" IS NOT NULL),
    CONSTRAINT "bank_statement_lines_journal_with_ticket" CHECK ("credited_journal_id" IS NULL OR "credited_ticket_id" IS NOT NULL)
);
CREATE UNIQUE INDEX "bank_statement_lines_natural_key" ON "bank_statement_lines"("natural_key");
-- A request is resolved by one line at most, and a journal belongs to one line at most.
CREATE UNIQUE INDEX "bank_statement_lines_credited_ticket" ON "bank_statement_lines"("credited_ticket_id");
CREATE UNIQUE INDEX "bank_statement_lines_credited_journal" ON "bank_statement_lines"("credited_journal_id");
CREATE INDEX "bank_statement_lines_date" ON "bank_statement_lines"("txn_date" DESC, "created_at" DESC);
CREATE INDEX "bank_statement_lines_import" ON "bank_statement_lines"("import_id");
CREATE INDEX "bank_statement_lines_reference_codes" ON "bank_statement_lines" USING GIN ("reference_codes");

-- The journal a line credited is recorded in the same transaction that resolves its request,
-- whoever resolves it: the admin who pressed Credit, or the second admin approving it (ADR 0033).
-- Only a resolution for the line's own amount is the line's: a request resolved from its ticket
-- for another amount leaves the line without a journal.
CREATE FUNCTION "bank_statement_line_credited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "bank_statement_lines" SET "credited_journal_id" = NEW."resolution_journal_id"
     WHERE "credited_ticket_id" = NEW."id" AND "credited_journal_id" IS NULL AND "credit" = NEW."received_amount";
    RETURN NULL;
END
$$;
CREATE TRIGGER "support_tickets_credit_statement_line" AFTER UPDATE OF "resolution_journal_id" ON "support_tickets"
    FOR EACH ROW
    WHEN (NEW."ticket_type" = 'add_funds' AND NEW."resolution_journal_id" IS NOT NULL
          AND OLD."resolution_journal_id" IS DISTINCT FROM NEW."resolution_journal_id")
    EXECUTE FUNCTION "bank_statement_line_credited"();
