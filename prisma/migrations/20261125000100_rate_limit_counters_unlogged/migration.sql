-- Every page read counts one hit in rate_limit_counters (ADR 0032), so each read was also a
-- durable write: a WAL record and a wait for its flush at commit. A counter that a crash
-- resets loses nothing worth keeping (at worst a client gets one more minute's budget), so
-- the table is unlogged: no WAL, no flush wait, the same upsert and the same sharing between
-- processes (issue 15).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
