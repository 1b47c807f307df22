-- Issue 16. Rate-limit counters every app process shares (ADR 0032), and large money
-- movements waiting for a second admin (four-eyes, ADR 0033).

-- One row per limited client and limiter: the start of its current window and its hits in
-- it. An upsert (ON CONFLICT DO UPDATE ... RETURNING count) counts a request atomically, so
-- two processes never both let the last allowed request through.
CREATE TABLE "rate_limit_counters" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "count" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "rate_limit_counters_count_positive" CHECK ("count" > 0)
);
-- Old windows are swept by age.
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters"("window_start");

-- A deposit, withdrawal or settlement above the four-eyes amount, recorded by one admin and
-- carried out only when another approves it.
CREATE TABLE "money_approvals" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "target_id" UUID NOT NULL,
    "amount" NUMERIC(15,2) NOT NULL,
    "summary" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'awaiting',
    "requested_by" UUID NOT NULL,
    "decided_by" UUID,
    "decision_note" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(6),
    CONSTRAINT "money_approvals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "money_approvals_kind_known" CHECK ("kind" IN ('ticket_resolve', 'reservation_settle')),
    CONSTRAINT "money_approvals_status_known" CHECK ("status" IN ('awaiting', 'approved', 'rejected', 'failed')),
    CONSTRAINT "money_approvals_amount_positive" CHECK ("amount" > 0),
    CONSTRAINT "money_approvals_decided_when_done" CHECK (("decided_at" IS NULL) = ("status" = 'awaiting')),
    CONSTRAINT "money_approvals_second_admin" CHECK ("decided_by" IS NULL OR "decided_by" <> "requested_by")
);
CREATE INDEX "money_approvals_status_created_at_idx" ON "money_approvals"("status", "created_at" DESC);
-- At most one request waiting per movement: a second "Resolve" while one waits is refused.
CREATE UNIQUE INDEX "money_approvals_one_awaiting_per_target" ON "money_approvals"("kind", "target_id") WHERE "status" = 'awaiting';

ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_decided_by_fkey" FOREIGN KEY ("decided_by") REFERENCES "user_profiles"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;
