-- Fund requests and their completion by an admin (issue 8).
-- A ticket knows the ledger journals it caused, so each request moves money at most once:
-- a withdrawal's hold (a pending journal) and the journal that resolved the request
-- (a deposit, the hold's post, or its void) are each linked to one ticket only.
ALTER TABLE "support_tickets"
    ADD COLUMN "reference_code" TEXT,
    ADD COLUMN "hold_journal_id" UUID,
    ADD COLUMN "resolution_journal_id" UUID,
    ADD COLUMN "received_amount" DECIMAL(16,2),
    ADD COLUMN "resolved_at" TIMESTAMPTZ(6),
    -- the reference an investor quotes on a bank transfer: short, upper-case, unambiguous
    ADD CONSTRAINT "support_tickets_reference_code_format" CHECK ("reference_code" IS NULL OR "reference_code" ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$'),
    ADD CONSTRAINT "support_tickets_received_amount_positive" CHECK ("received_amount" IS NULL OR "received_amount" > 0),
    -- only a withdrawal holds money
    ADD CONSTRAINT "support_tickets_hold_only_withdrawals" CHECK ("hold_journal_id" IS NULL OR "ticket_type" = 'withdraw_funds');

CREATE UNIQUE INDEX "support_tickets_reference_code_key" ON "support_tickets"("reference_code");
CREATE UNIQUE INDEX "support_tickets_hold_journal_id_key" ON "support_tickets"("hold_journal_id");
CREATE UNIQUE INDEX "support_tickets_resolution_journal_id_key" ON "support_tickets"("resolution_journal_id");

ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_hold_journal_id_fkey" FOREIGN KEY ("hold_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_resolution_journal_id_fkey" FOREIGN KEY ("resolution_journal_id") REFERENCES "ledger_journals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Each change of a ticket, in order: the history the admin and the investor see.
CREATE TABLE "support_ticket_events" (
    "id" BIGSERIAL NOT NULL,
    "ticket_id" UUID NOT NULL,
    "actor_id" UUID,
    "from_status" "ticket_status",
    "to_status" "ticket_status" NOT NULL,
    "admin_response" TEXT,
    "note" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "support_ticket_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "support_ticket_events_ticket_id_created_at_idx" ON "support_ticket_events"("ticket_id", "created_at");

ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "support_tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "support_ticket_events" ADD CONSTRAINT "support_ticket_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
