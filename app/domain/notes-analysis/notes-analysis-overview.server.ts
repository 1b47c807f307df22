import type { PrismaClient } from "~/services/db.server";
import { notesAnalysisResultSchema, type NotesAnalysisResult } from "./result-schema";

export type LatestAnalysis = {
  id: string;
  result: NotesAnalysisResult;
  analyser: string;
  method: string;
  analyzedAt: string;
  analyzedBy: string | null;
};

export type LatestRun = { status: "queued" | "running" | "succeeded" | "failed"; error: string | null; createdAt: string };

export type PropertyNotesAnalysis = {
  propertyId: string;
  propertyName: string;
  city: string;
  noteCount: number;
  latest: LatestAnalysis | null;
  run: LatestRun | null;
};

const RUN_STATUSES = new Set(["queued", "running", "succeeded", "failed"]);

/**
 * Every property with its note count, latest stored analysis and latest run; properties with
 * notes first (most notes first), then the rest by name. A stored result that no longer
 * matches the schema is left out rather than shown half-broken.
 *
 * The four reads share one snapshot (one REPEATABLE READ transaction). Read side by side on
 * separate connections, a run that finished between them could be seen finished while its
 * result was not yet: "Not analysed yet" with no run under way, so a page without scripts
 * stopped refreshing before the result it waited for.
 */
export async function listNotesAnalyses(db: PrismaClient): Promise<PropertyNotesAnalysis[]> {
  const [properties, noteCounts, analyses, runs] = await db.$transaction(
    [
      db.property.findMany({ select: { id: true, title: true, city: true }, orderBy: { title: "asc" } }),
      db.$queryRaw<Array<{ property_id: string; notes: number }>>`
      SELECT property_id, count(*)::int AS notes FROM watchlist
      WHERE notes IS NOT NULL AND btrim(notes) <> '' GROUP BY property_id`,
      db.notesAnalysis.findMany({
        distinct: ["propertyId"],
        orderBy: [{ propertyId: "asc" }, { analyzedAt: "desc" }],
        select: {
          id: true,
          propertyId: true,
          result: true,
          analyser: true,
          method: true,
          analyzedAt: true,
          analyst: { select: { fullName: true, email: true } },
        },
      }),
      db.notesAnalysisRun.findMany({
        distinct: ["propertyId"],
        orderBy: [{ propertyId: "asc" }, { createdAt: "desc" }],
        select: { propertyId: true, status: true, error: true, createdAt: true },
      }),
    ],
    { isolationLevel: "RepeatableRead" },
  );
  const countBy = new Map(noteCounts.map((row) => [row.property_id, row.notes]));
  const analysisBy = new Map(analyses.map((row) => [row.propertyId, row]));
  const runBy = new Map(runs.map((row) => [row.propertyId, row]));
  return properties
    .map((property): PropertyNotesAnalysis => {
      const stored = analysisBy.get(property.id);
      const parsed = stored ? notesAnalysisResultSchema.safeParse(stored.result) : undefined;
      const run = runBy.get(property.id);
      return {
        propertyId: property.id,
        propertyName: property.title,
        city: property.city,
        noteCount: countBy.get(property.id) ?? 0,
        latest:
          stored && parsed?.success
            ? {
                id: stored.id,
                result: parsed.data,
                analyser: stored.analyser,
                method: stored.method,
                analyzedAt: stored.analyzedAt.toISOString(),
                analyzedBy: stored.analyst?.fullName || stored.analyst?.email || null,
              }
            : null,
        run:
          run && RUN_STATUSES.has(run.status)
            ? { status: run.status as LatestRun["status"], error: run.error, createdAt: run.createdAt.toISOString() }
            : null,
      };
    })
    .sort((a, b) => b.noteCount - a.noteCount || a.propertyName.localeCompare(b.propertyName));
}
