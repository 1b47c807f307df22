import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotesAnalysisPanel } from "~/components/admin/notes-analysis-panel";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { FormErrors } from "~/components/ui/error-list";
import { paths } from "~/lib/paths";
import { formErrorsOf, submittedValue } from "~/lib/submission-result";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { loadNotesAnalyses, submitNotesAnalysisRun } from "./notes-analysis.server";

/** Without JavaScript the page reloads itself this often while a run is under way. */
const NO_JS_REFRESH_SECONDS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadNotesAnalyses();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return submitNotesAnalysisRun(request, admin);
}

export default function AdminNotesAnalysisPage() {
  const { properties, running } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  useLiveRevalidation({ admin: true });
  const withNotes = properties.filter((item) => item.noteCount > 0);
  const withoutNotes = properties.filter((item) => item.noteCount === 0);
  const runAction = paths.admin.notesAnalysis();
  // A refusal shows under the property it was asked for, or above the lists when that is no property of theirs.
  const messages = formErrorsOf(result, "propertyId");
  const refusedFor = submittedValue(result, "propertyId")?.trim();
  const onPanel = properties.some((item) => item.propertyId === refusedFor);
  const errorFor = (propertyId: string) => (refusedFor === propertyId ? (messages[0] ?? null) : null);
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      {/* Scripting off: a refresh until the run ends. Scripting on: live events revalidate instead. */}
      {running ? (
        <noscript>
          {/* An explicit URL: a plain refresh of "…#fragment" would only scroll, not reload. */}
          <meta httpEquiv="refresh" content={`${NO_JS_REFRESH_SECONDS}; url=${runAction}`} />
        </noscript>
      ) : null}
      <div>
        <h1 className="text-2xl font-bold text-ink">Notes Analysis</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          What investors wrote in their watchlist notes, analysed per property. Runs happen in the background; the latest result of each
          property is kept.
        </p>
      </div>
      {onPanel ? null : <FormErrors errors={messages} />}
      <section aria-labelledby="with-notes" className="space-y-3">
        <h2 id="with-notes" className="text-lg font-semibold text-ink">
          Properties with notes
        </h2>
        {withNotes.length === 0 ? (
          <p className="text-sm text-slate-600">No investor has written a watchlist note yet.</p>
        ) : (
          withNotes.map((item) => (
            <NotesAnalysisPanel key={item.propertyId} item={item} action={runAction} error={errorFor(item.propertyId)} />
          ))
        )}
      </section>
      {withoutNotes.length > 0 ? (
        <section aria-labelledby="without-notes" className="space-y-3">
          <h2 id="without-notes" className="text-lg font-semibold text-ink">
            Properties without notes
          </h2>
          {withoutNotes.map((item) => (
            <NotesAnalysisPanel key={item.propertyId} item={item} action={runAction} error={errorFor(item.propertyId)} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
