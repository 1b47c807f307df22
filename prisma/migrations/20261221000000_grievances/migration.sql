-- Grievances on a clock and DPDP data requests (issue 28, ADR 0067). A grievance is a support
-- ticket with a row here: its clocks run from the ticket's created_at, this row's acknowledged_at
-- and the ticket's resolved_at. The ticket_type enum is left alone: a grievance ticket is 'general'.
CREATE TYPE "grievance_kind" AS ENUM ('complaint', 'correction', 'erasure');

CREATE TABLE "grievances" (
    "ticket_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "grievance_kind" NOT NULL,
    -- The first admin update of the ticket (a response or a status change), ADR 0067.
    "acknowledged_at" TIMESTAMPTZ(6),
    "acknowledged_by" UUID,
    -- correction: {field, value}; erasure: {requested, erased, refused: [{category, reason}]}.
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "grievances_pkey" PRIMARY KEY ("ticket_id"),
    CONSTRAINT "grievances_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "support_tickets"("id") ON DELETE RESTRICT,
    CONSTRAINT "grievances_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT,
    CONSTRAINT "grievances_acknowledged_by_fkey" FOREIGN KEY ("acknowledged_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL
);
CREATE INDEX "grievances_user_id_created_at_idx" ON "grievances"("user_id", "created_at" DESC);

-- One row per escalation. The unique key is what makes each missed clock escalate once,
-- however many job runs see it, and the investor's own escalation happen once.
CREATE TABLE "grievance_escalations" (
    "id" BIGSERIAL NOT NULL,
    "ticket_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    -- The admins alerted, as ids (a list, so no foreign key; the alerts themselves are the record).
    "notified" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "grievance_escalations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "grievance_escalations_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "grievances"("ticket_id") ON DELETE RESTRICT,
    CONSTRAINT "grievance_escalations_reason_known" CHECK ("reason" IN ('acknowledge_missed', 'resolve_missed', 'scores_missed', 'investor'))
);
CREATE UNIQUE INDEX "grievance_escalations_ticket_id_reason_key" ON "grievance_escalations"("ticket_id", "reason");

-- The one person an investor nominates to exercise their data rights (DPDP Act s.14).
CREATE TABLE "data_representatives" (
    "user_id" UUID NOT NULL,
    "full_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "data_representatives_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "data_representatives_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user_profiles"("user_id") ON DELETE CASCADE
);
