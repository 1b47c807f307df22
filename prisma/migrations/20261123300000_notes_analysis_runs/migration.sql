-- AI analysis of watchlist notes (issue 13): which analyser produced a stored result, and
-- the runs themselves, so several admins pressing "Run" start one run per property.
ALTER TABLE "notes_analyses"
    ADD COLUMN "analyser" TEXT NOT NULL DEFAULT 'offline',
    ADD COLUMN "method" TEXT NOT NULL DEFAULT '';

CREATE TABLE "notes_analysis_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "property_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "requested_by" UUID,
    "error" TEXT,
    "analysis_id" UUID,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(6),
    CONSTRAINT "notes_analysis_runs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notes_analysis_runs_status_known" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')),
    CONSTRAINT "notes_analysis_runs_finished_when_done" CHECK (("finished_at" IS NULL) = ("status" IN ('queued', 'running')))
);

CREATE INDEX "notes_analysis_runs_property_id_created_at_idx" ON "notes_analysis_runs"("property_id", "created_at" DESC);
-- At most one unfinished run per property: the database, not a read-then-write, decides
-- which of several simultaneous presses starts the run.
CREATE UNIQUE INDEX "notes_analysis_runs_one_open_per_property" ON "notes_analysis_runs"("property_id") WHERE "status" IN ('queued', 'running');

ALTER TABLE "notes_analysis_runs" ADD CONSTRAINT "notes_analysis_runs_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notes_analysis_runs" ADD CONSTRAINT "notes_analysis_runs_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "user_profiles"("user_id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "notes_analysis_runs" ADD CONSTRAINT "notes_analysis_runs_analysis_id_fkey" FOREIGN KEY ("analysis_id") REFERENCES "notes_analyses"("id") ON DELETE SET NULL ON UPDATE CASCADE;
