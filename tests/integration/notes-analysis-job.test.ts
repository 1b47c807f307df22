import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { NotesAnalyser } from "../../app/domain/notes-analysis/analyser";
import { NotesAnalysisFailed } from "../../app/domain/notes-analysis/notes-analysis-errors";
import { enqueueNotesAnalysis, NOTES_ANALYSIS_QUEUE, notesAnalysisJob } from "../../app/domain/notes-analysis/notes-analysis-job.server";
import { listNotesAnalyses } from "../../app/domain/notes-analysis/notes-analysis-overview.server";
import { executeNotesAnalysisRun, requestNotesAnalysis } from "../../app/domain/notes-analysis/notes-analysis-runs.server";
import { offlineNotesAnalyser } from "../../app/domain/notes-analysis/offline-analyser.server";
import { NO_NOTES_MESSAGE, notesAnalysisResultSchema } from "../../app/domain/notes-analysis/result-schema";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { createInvestor, createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { untilOnlyLockWaitsAreBusy } from "#tests/kit/lock-wait";

/**
 * The notes analysis runs as a pg-boss job: simultaneous presses start one run per
 * property, its result is stored with the analyser, and failures close the run with the
 * spec's "Analysis failed: …".
 */

const db = useTestDatabase();
const NEVER = "0 0 1 1 *";

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
});
afterEach(async () => {
  await stopJobs();
});

async function propertyWithNotes(notes: string[]) {
  const prisma = db.current.prisma;
  const property = await createProperty(prisma, { title: `Notes House ${Math.random().toString(36).slice(2, 7)}` });
  for (const text of notes) {
    const investor = await createInvestor(prisma);
    await prisma.watchlistEntry.create({ data: { userId: investor.id, propertyId: property.id, notes: text } });
  }
  return property;
}

/** The offline analyser, slowed down and counted, so overlapping presses really overlap a run. */
function countingAnalyser(delayMs = 400): NotesAnalyser & { calls: number } {
  const analyser = {
    ...offlineNotesAnalyser,
    calls: 0,
    async analyse(input: Parameters<NotesAnalyser["analyse"]>[0]) {
      analyser.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return offlineNotesAnalyser.analyse(input);
    },
  };
  return analyser;
}

async function waitForRun(runId: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await db.current.prisma.notesAnalysisRun.findUniqueOrThrow({ where: { id: runId } });
    if (run.status === "succeeded" || run.status === "failed") return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the notes analysis job", () => {
  it("starts one run however many admins press Run at once, and stores its result", async () => {
    const prisma = db.current.prisma;
    const property = await propertyWithNotes(["Great location, strong rental demand.", "Maintenance is awful.", "Love the tenant."]);
    const admins = [await createUser(prisma, { isAdmin: true }), await createUser(prisma, { isAdmin: true })];
    const analyser = countingAnalyser();
    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: NEVER,
      mail: { from: "Aangan <a@b.in>", outboxDir: "/tmp/aangan-notes-analysis-outbox" },
      jobs: [notesAnalysisJob(analyser, { pollingIntervalSeconds: 0.5 })],
    });

    const presses = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const request = await requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admins[index % 2]!.id });
        await enqueueNotesAnalysis(request);
        return request;
      }),
    );
    expect(presses.filter((press) => press.started)).toHaveLength(1);
    expect(new Set(presses.map((press) => press.runId)).size).toBe(1);

    const run = await waitForRun(presses[0]!.runId);
    expect(run.status).toBe("succeeded");
    expect(analyser.calls).toBe(1);
    const jobs = await prisma.$queryRaw<Array<{ count: number }>>`
      SELECT count(*)::int AS count FROM (SELECT id FROM pgboss.job WHERE name = ${NOTES_ANALYSIS_QUEUE}
      UNION ALL SELECT id FROM pgboss.archive WHERE name = ${NOTES_ANALYSIS_QUEUE}) AS jobs`;
    expect(jobs[0]!.count).toBe(1);

    const stored = await prisma.notesAnalysis.findMany({ where: { propertyId: property.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ totalNotes: 3, analyser: "offline", id: run.analysisId });
    expect(stored[0]!.method).toMatch(/^Offline analysis/);
    const result = notesAnalysisResultSchema.parse(stored[0]!.result);
    expect(result).toMatchObject({ property_id: property.id, property_name: property.title, total_notes: 3 });

    // Once it finished, Re-run starts a new run, and the page shows the newest result.
    const again = await requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admins[0]!.id });
    expect(again.started).toBe(true);
    await enqueueNotesAnalysis(again);
    await waitForRun(again.runId);
    expect(await prisma.notesAnalysis.count({ where: { propertyId: property.id } })).toBe(2);
    const listed = (await listNotesAnalyses(prisma)).find((item) => item.propertyId === property.id)!;
    const newest = await prisma.notesAnalysisRun.findUniqueOrThrow({ where: { id: again.runId } });
    expect(listed).toMatchObject({ noteCount: 3, run: { status: "succeeded" }, latest: { id: newest.analysisId, analyser: "offline" } });
  });

  it("refuses a property without notes with the spec's message, and starts nothing", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const property = await propertyWithNotes([]);
    const investor = await createInvestor(prisma);
    await prisma.watchlistEntry.create({ data: { userId: investor.id, propertyId: property.id, notes: "   " } });
    await expect(requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admin.id })).rejects.toMatchObject({
      message: NO_NOTES_MESSAGE,
      status: 422,
    });
    expect(await prisma.notesAnalysisRun.count({ where: { propertyId: property.id } })).toBe(0);
    const listed = (await listNotesAnalyses(prisma)).find((item) => item.propertyId === property.id);
    expect(listed).toMatchObject({ noteCount: 0, latest: null, run: null });
  });

  it("closes a run as failed with 'Analysis failed: …' and stores nothing when the analyser fails", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const property = await propertyWithNotes(["Nice."]);
    const failing: NotesAnalyser = {
      name: "model:test",
      method: "test",
      analyse: async () => {
        throw new NotesAnalysisFailed("the AI model's answer was not valid JSON");
      },
    };
    const request = await requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admin.id });
    expect(await executeNotesAnalysisRun(prisma, request.runId, failing)).toEqual({
      status: "failed",
      error: "Analysis failed: the AI model's answer was not valid JSON",
    });
    // A second delivery of the same job does nothing.
    expect(await executeNotesAnalysisRun(prisma, request.runId, offlineNotesAnalyser)).toEqual({ status: "skipped" });
    expect(await prisma.notesAnalysis.count({ where: { propertyId: property.id } })).toBe(0);
    const listed = (await listNotesAnalyses(prisma)).find((item) => item.propertyId === property.id);
    expect(listed?.run).toMatchObject({ status: "failed", error: "Analysis failed: the AI model's answer was not valid JSON" });
  });

  it("takes a run left open by a stopped process for dead after 15 minutes", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const property = await propertyWithNotes(["Good yield."]);
    const stuck = await prisma.notesAnalysisRun.create({
      data: { propertyId: property.id, status: "running", createdAt: new Date(Date.now() - 16 * 60_000) },
    });
    const request = await requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admin.id });
    expect(request).toMatchObject({ started: true });
    expect(request.runId).not.toBe(stuck.id);
    expect(await prisma.notesAnalysisRun.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ status: "failed" });
  });
});

describe("the list of analyses a page reads", () => {
  it("never shows a run finished without its result, wherever the job's commit falls among its reads", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const property = await propertyWithNotes(["Great location, steady rent.", "The lift is old."]);
    const request = await requestNotesAnalysis(prisma, { propertyId: property.id, adminId: admin.id });

    // The job's commit by hand, on a connection that holds the runs table: the list's read of
    // the runs waits for it, and the commit lands after the list's other reads have run.
    const job = new pg.Client({ connectionString: db.current.url });
    await job.connect();
    try {
      await job.query("BEGIN");
      await job.query("LOCK TABLE notes_analysis_runs IN ACCESS EXCLUSIVE MODE");
      const listing = listNotesAnalyses(prisma);
      await untilOnlyLockWaitsAreBusy(job);
      const [stored] = (
        await job.query<{ id: string }>(
          `INSERT INTO notes_analyses (property_id, total_notes, result, analyzed_by, analyser, method)
           VALUES ($1, 2, '{}', $2::uuid, 'offline', 'test') RETURNING id::text AS id`,
          [property.id, admin.id],
        )
      ).rows;
      await job.query(
        `UPDATE notes_analysis_runs SET status = 'succeeded', analysis_id = $1::uuid, finished_at = now() WHERE id = $2::uuid`,
        [stored!.id, request.runId],
      );
      await job.query("COMMIT");
      // One snapshot: the run still under way and no result, so the page keeps refreshing;
      // never "succeeded" beside a result not yet seen, which stopped it for good.
      const listed = (await listing).find((item) => item.propertyId === property.id)!;
      expect({ run: listed.run?.status, latest: listed.latest }).toEqual({ run: "queued", latest: null });
    } finally {
      await job.query("ROLLBACK").catch(() => undefined);
      await job.end();
    }
  });
});
