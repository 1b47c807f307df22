import { getPrisma } from "~/services/db.server";
import { runningJobs, type PgBoss } from "~/services/jobs/boss.server";
import type { JobDefinition } from "~/services/jobs/job.server";
import { logger } from "~/services/logger.server";
import type { ChatSettings } from "~/services/ai/chat-completions.server";
import type { NotesAnalyser } from "./analyser";
import { createModelAnalyser } from "./model-analyser.server";
import { executeNotesAnalysisRun, systemClock, type Clock, type RunRequest } from "./notes-analysis-runs.server";
import { offlineNotesAnalyser } from "./offline-analyser.server";

export const NOTES_ANALYSIS_QUEUE = "notes-analysis";

type NotesAnalysisJob = { runId: string };

/** The model when one is configured, else the offline analyser. */
export function chooseNotesAnalyser(settings: ChatSettings | undefined): NotesAnalyser {
  return settings ? createModelAnalyser(settings) : offlineNotesAnalyser;
}

/**
 * The queue and its worker. "stately" with the property as singleton key keeps at most one
 * job per property waiting and one running, under the runs table's own one-open-run rule.
 */
export function notesAnalysisJob(
  analyser: NotesAnalyser,
  options: { pollingIntervalSeconds?: number; clock?: Clock } = {},
): JobDefinition<NotesAnalysisJob> {
  return {
    queue: NOTES_ANALYSIS_QUEUE,
    queueOptions: { policy: "stately", retryLimit: 1, retryDelay: 30, expireInSeconds: 15 * 60 },
    worker: { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async run(job) {
      const outcome = await executeNotesAnalysisRun(getPrisma(), job.data.runId, analyser, options.clock ?? systemClock);
      logger.info(
        { job: NOTES_ANALYSIS_QUEUE, jobId: job.id, runId: job.data.runId, analyser: analyser.name, ...outcome },
        "notes analysis run",
      );
      return outcome;
    },
  };
}

/** Queues the job of a run that was just started (a no-op for a press that joined an open run). */
export async function enqueueNotesAnalysis(request: RunRequest, boss: PgBoss | undefined = runningJobs()?.boss): Promise<void> {
  if (!request.started) return;
  if (!boss) throw new Error("jobs are not running in this process; server.ts starts them");
  const jobId = await boss.send(NOTES_ANALYSIS_QUEUE, { runId: request.runId } satisfies NotesAnalysisJob, {
    singletonKey: request.propertyId,
  });
  // pg-boss refused a second job for the property (an older one is still finishing): close
  // the run instead of leaving it queued with no job to take it.
  if (!jobId) {
    await getPrisma().notesAnalysisRun.updateMany({
      where: { id: request.runId, status: "queued" },
      data: {
        status: "failed",
        error: "Analysis failed: an earlier run is still finishing; try again in a minute.",
        finishedAt: new Date(),
      },
    });
  }
}
