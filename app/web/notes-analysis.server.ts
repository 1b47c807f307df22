import { data } from "@remix-run/node";
import { enqueueNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-job.server";
import { listNotesAnalyses } from "~/domain/notes-analysis/notes-analysis-overview.server";
import { requestNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-runs.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { replyToDomainError } from "~/web/domain-reply.server";
import { redirectWithToast } from "~/web/flash.server";
import { readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

export async function loadNotesAnalyses() {
  const properties = await listNotesAnalyses(getPrisma());
  const running = properties.some((item) => item.run?.status === "queued" || item.run?.status === "running");
  return { properties, running };
}

/** POST: start (or join) the analysis run of one property, then back to the list with a toast. */
export async function submitNotesAnalysisRun(request: Request, admin: SessionUser) {
  const form = await readFormData(request);
  const raw = form.get("propertyId");
  const propertyId = typeof raw === "string" ? raw.trim() : "";
  if (!propertyId || propertyId.length > 100) {
    return data({ propertyId: null, error: "Choose a property to analyse." }, { status: 400 });
  }
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
    return replyToDomainError(error, null, { reply: (refusal) => ({ propertyId, error: refusal.message }) });
  }
}
