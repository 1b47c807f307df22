import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { enqueueNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-job.server";
import { listNotesAnalyses } from "~/domain/notes-analysis/notes-analysis-overview.server";
import { requestNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-runs.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";
import { replyToInvalidSubmission } from "~/web/submission-reply.server";

const CHOOSE_PROPERTY = "Choose a property to analyse.";
const runSchema = z.object({
  propertyId: z.string({ error: CHOOSE_PROPERTY }).trim().min(1, CHOOSE_PROPERTY).max(100, CHOOSE_PROPERTY),
});

export async function loadNotesAnalyses() {
  const properties = await listNotesAnalyses(getPrisma());
  const running = properties.some((item) => item.run?.status === "queued" || item.run?.status === "running");
  return { properties, running };
}

/** POST: start (or join) the analysis run of one property, then back to the list with a toast. */
export async function submitNotesAnalysisRun(request: Request, admin: SessionUser) {
  const submission = parseWithZod(await readFormData(request), { schema: runSchema });
  if (submission.status !== "success") return replyToInvalidSubmission(submission);
  const { propertyId } = submission.value;
  try {
    const run = await requestNotesAnalysis(getPrisma(), { propertyId, adminId: admin.id });
    await enqueueNotesAnalysis(run);
    return redirectWithToast(`${paths.admin.notesAnalysis()}#notes-analysis-${encodeURIComponent(propertyId)}`, {
      kind: "success",
      title: run.started ? "Analysis started" : "Analysis already running",
      description: run.started
        ? "The notes are being analysed; the result appears here when it is ready."
        : "Another run for this property is under way; its result appears here when it is ready.",
    });
  } catch (error) {
    return replyToDomainError(error, submission);
  }
}
