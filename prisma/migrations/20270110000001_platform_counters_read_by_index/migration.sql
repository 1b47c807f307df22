-- The platform totals are read through an index (ADR 0078, amended). The counters table holds a
-- few live rows, but every change adds a row and every fold deletes them: after a surge (the
-- scale bench's million purchases, a launch) its heap stays as large as the surge made it
-- (145 MB for 10 live rows), and a sequential scan of it took 161 ms on every admin page view.
-- An index-only scan reads the live rows' entries: 0.1 ms.
CREATE INDEX "platform_counters_metric_value_idx" ON "platform_counters" ("metric", "value");
