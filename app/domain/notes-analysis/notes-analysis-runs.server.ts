import { DomainError } from "~/domain/errors";
import { ADMIN_CHANNEL } from "~/lib/live-channels";
import { runTransaction, type Db, type PrismaClient } from "~/services/db.server";
import { publish } from "~/services/realtime/publish.server";
import type { NotesAnalyser } from "./analyser";
import { NoNotesToAnalyse, NotesAnalysisFailed } from "./notes-analysis-errors";
import { NO_NOTES_MESSAGE, notesAnalysisResultSchema, type NotesAnalysisResult } from "./result-schema";

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** A run still open after this long is taken for dead (its process stopped) and closed as failed. */
export const STALE_RUN_MINUTES = 15;
const STALE_RUN_MESSAGE = "Analysis failed: the run did not finish in time; run it again.";
/** At most this many notes (newest first) are read for one analysis. */
export const MAX_NOTES_ANALYSED = 200;

export type RunRequest = { runId: string; propertyId: string; started: boolean };

/** The non-empty watchlist notes of a property, newest first. */
export async function readPropertyNotes(db: Db, propertyId: string): Promise<string[]> {
  const rows = await db.watchlistEntry.findMany({
    where: { propertyId, notes: { not: null } },
    orderBy: { updatedAt: "desc" },
    select: { notes: true },
    take: MAX_NOTES_ANALYSED,
  });
  return rows.map((row) => (row.notes ?? "").trim()).filter((text) => text.length > 0);
}

/**
 * An admin asks for an analysis of a property's notes. Creates a queued run unless one is
 * already queued or running for the property: the partial unique index decides between
 * simultaneous presses, so they start one run (`started` false for the others).
 */
export async function requestNotesAnalysis(
  db: PrismaClient,
  input: { propertyId: string; adminId: string },
  clock: Clock = systemClock,
): Promise<RunRequest> {
  const property = await db.property.findUnique({ where: { id: input.propertyId }, select: { id: true } });
  if (!property) throw new DomainError("notesAnalysis.propertyNotFound", "Property not found.", 404);
  if ((await readPropertyNotes(db, input.propertyId)).length === 0) throw new NoNotesToAnalyse();

  const now = clock.now();
  const staleBefore = new Date(now.getTime() - STALE_RUN_MINUTES * 60_000);
  await db.notesAnalysisRun.updateMany({
    where: { propertyId: input.propertyId, status: { in: ["queued", "running"] }, createdAt: { lt: staleBefore } },
    data: { status: "failed", error: STALE_RUN_MESSAGE, finishedAt: now },
  });
  const inserted = await db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO notes_analysis_runs (property_id, requested_by, created_at)
    VALUES (${input.propertyId}, ${input.adminId}::uuid, ${now})
    ON CONFLICT (property_id) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING id`;
  if (inserted[0]) {
    await publish(ADMIN_CHANNEL, { type: "notes-analysis", id: input.propertyId }, db);
    return { runId: inserted[0].id, propertyId: input.propertyId, started: true };
  }
  const open = await db.notesAnalysisRun.findFirst({
    where: { propertyId: input.propertyId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
  // The open run finished between the insert and this read: ask again, once more is enough.
  if (!open) return requestNotesAnalysis(db, input, clock);
  return { runId: open.id, propertyId: input.propertyId, started: false };
}

/** Closes a run as failed with the admin-facing message; only an open run changes. */
async function failRun(db: PrismaClient, runId: string, propertyId: string, message: string, clock: Clock): Promise<void> {
  await db.notesAnalysisRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { status: "failed", error: message, finishedAt: clock.now() },
  });
  await publish(ADMIN_CHANNEL, { type: "notes-analysis", id: propertyId }, db);
}

export type RunOutcome = { status: "succeeded"; analysisId: string } | { status: "failed"; error: string } | { status: "skipped" };

/**
 * The job's work: takes the queued run (exactly once, by a conditional update), analyses the
 * property's current notes, validates the result and stores it with the run's success in one
 * transaction. A refused or unreadable answer closes the run as failed with the reason.
 */
export async function executeNotesAnalysisRun(
  db: PrismaClient,
  runId: string,
  analyser: NotesAnalyser,
  clock: Clock = systemClock,
): Promise<RunOutcome> {
  const taken = await db.notesAnalysisRun.updateManyAndReturn({
    where: { id: runId, status: "queued" },
    data: { status: "running" },
    select: { propertyId: true, requestedBy: true, property: { select: { title: true } } },
  });
  const run = taken[0];
  if (!run) return { status: "skipped" };
  await publish(ADMIN_CHANNEL, { type: "notes-analysis", id: run.propertyId }, db);

  const notes = await readPropertyNotes(db, run.propertyId);
  if (notes.length === 0) {
    await failRun(db, runId, run.propertyId, NO_NOTES_MESSAGE, clock);
    return { status: "failed", error: NO_NOTES_MESSAGE };
  }
  let result: NotesAnalysisResult;
  try {
    const body = await analyser.analyse({ propertyId: run.propertyId, propertyName: run.property.title, notes });
    const parsed = notesAnalysisResultSchema.safeParse({
      ...body,
      property_id: run.propertyId,
      property_name: run.property.title,
      total_notes: notes.length,
      analyzed_at: clock.now().toISOString(),
    });
    if (!parsed.success) throw new NotesAnalysisFailed("invalid response format");
    result = parsed.data;
  } catch (error) {
    const message = error instanceof NotesAnalysisFailed ? error.message : "Analysis failed: an unexpected error occurred.";
    await failRun(db, runId, run.propertyId, message, clock);
    if (!(error instanceof NotesAnalysisFailed)) throw error;
    return { status: "failed", error: message };
  }

  const analysisId = await runTransaction(db, "notes-analysis.store", async (tx) => {
    const analysis = await tx.notesAnalysis.create({
      data: {
        propertyId: run.propertyId,
        totalNotes: result.total_notes,
        result,
        analyzedBy: run.requestedBy,
        analyzedAt: new Date(result.analyzed_at),
        analyser: analyser.name,
        method: analyser.method,
      },
      select: { id: true },
    });
    const closed = await tx.notesAnalysisRun.updateMany({
      where: { id: runId, status: "running" },
      data: { status: "succeeded", analysisId: analysis.id, finishedAt: clock.now() },
    });
    // Closed meanwhile as stale: keep the result anyway, it is complete and valid.
    if (closed.count === 0) await tx.notesAnalysisRun.update({ where: { id: runId }, data: { analysisId: analysis.id } });
    return analysis.id;
  });
  await publish(ADMIN_CHANNEL, { type: "notes-analysis", id: run.propertyId }, db);
  return { status: "succeeded", analysisId };
}
