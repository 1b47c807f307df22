import { Form } from "@remix-run/react";
import type { PropertyNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-overview.server";
import { appealBand, NO_NOTES_MESSAGE, type AppealBand, type NotesAnalysisResult } from "~/domain/notes-analysis/result-schema";
import { StatusButton } from "~/components/ui/status-button";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatIndiaDateTime } from "~/lib/formats";

const BAND_CLASSES: Record<AppealBand, string> = {
  excellent: "bg-emerald-100 text-emerald-800 ring-emerald-300",
  good: "bg-sky-100 text-sky-800 ring-sky-300",
  fair: "bg-amber-100 text-amber-900 ring-amber-300",
  poor: "bg-rose-100 text-rose-800 ring-rose-300",
};
const BAND_LABELS: Record<AppealBand, string> = { excellent: "Excellent", good: "Good", fair: "Fair", poor: "Poor" };

/** "offline" → "Offline analysis"; "model:gpt-4o-mini" → "AI model gpt-4o-mini". */
export function analyserLabel(name: string): string {
  return name.startsWith("model:") ? `AI model ${name.slice("model:".length)}` : "Offline analysis";
}

function TextList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink">
        {items.map((item, index) => (
          <li key={index} className="break-words">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One analysis result; every value is rendered as text (React escapes it), never as HTML. */
export function NotesAnalysisResultView({ result }: { result: NotesAnalysisResult }) {
  const band = appealBand(result.investment_appeal.score);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${BAND_CLASSES[band]}`}
          data-appeal-band={band}
        >
          Investment appeal {result.investment_appeal.score}/10 · {BAND_LABELS[band]}
        </span>
        <span className="text-sm text-slate-700">
          Sentiment: <strong className="capitalize">{result.overall_sentiment}</strong> ({result.sentiment_score.toFixed(2)}) · Confidence{" "}
          {Math.round(result.confidence * 100)}%
        </span>
      </div>
      <p className="text-sm break-words text-ink">{result.summary}</p>
      <p className="text-sm break-words text-slate-600">{result.investment_appeal.reasoning}</p>
      {result.key_themes.length > 0 ? (
        <div>
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Key themes</h4>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {result.key_themes.map((theme, index) => (
              <li key={index} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-ink">
                {theme}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextList title="Common concerns" items={result.common_concerns} />
        <TextList title="Positive highlights" items={result.positive_highlights} />
        <TextList title="Improvement suggestions" items={result.improvement_suggestions} />
        <TextList title="User behaviour insights" items={result.user_behavior_insights} />
        <TextList title="Marketing recommendations" items={result.marketing_recommendations} />
      </div>
    </div>
  );
}

export type NotesAnalysisPanelProps = {
  item: PropertyNotesAnalysis;
  /** Where the Run form posts (a route whose action runs the analysis). */
  action: string;
  /** An error for this property from the last post, shown under the button. */
  error?: string | null;
};

/**
 * One property's notes analysis: the latest result with its appeal band, time and analyser,
 * the state of a run, and a Run / Re-run form that works without JavaScript.
 */
export function NotesAnalysisPanel({ item, action, error }: NotesAnalysisPanelProps) {
  const headingId = `notes-analysis-${item.propertyId}`;
  const statusId = `${headingId}-status`;
  const running = item.run?.status === "queued" || item.run?.status === "running";
  const submitting = useIsPending({ formAction: action, state: "submitting" });
  const failed = item.run?.status === "failed" ? item.run.error : null;
  // An article, not a region landmark: two properties may share a name, and landmarks must not.
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      data-property-id={item.propertyId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-ink">
            {item.propertyName}
          </h3>
          <p className="text-sm text-slate-600">
            {item.city} · {item.noteCount} {item.noteCount === 1 ? "note" : "notes"}
          </p>
        </div>
        {item.noteCount > 0 ? (
          <Form method="post" action={action}>
            <input type="hidden" name="propertyId" value={item.propertyId} />
            <StatusButton
              type="submit"
              variant={item.latest ? "secondary" : "primary"}
              size="sm"
              disabled={running}
              pending={submitting}
              pendingText="Starting…"
              aria-describedby={running || failed || error ? statusId : undefined}
            >
              {running ? "Analysis running…" : item.latest ? "Re-run analysis" : "Run analysis"}
            </StatusButton>
          </Form>
        ) : null}
      </div>

      <div id={statusId} role="status" aria-live="polite" className="mt-2 text-sm empty:hidden">
        {running ? <p className="text-brand-700">Analysing {item.noteCount} notes… this page updates when it is done.</p> : null}
        {!running && (error || failed) ? <p className="text-rose-700">{error ?? failed}</p> : null}
      </div>

      {item.noteCount === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{NO_NOTES_MESSAGE}</p>
      ) : item.latest ? (
        <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <p className="text-xs text-slate-500">
            {analyserLabel(item.latest.analyser)} of {item.latest.result.total_notes} notes ·{" "}
            <time dateTime={item.latest.analyzedAt}>{formatIndiaDateTime(item.latest.analyzedAt)}</time>
            {item.latest.analyzedBy ? ` · run by ${item.latest.analyzedBy}` : ""}
          </p>
          {item.latest.method ? <p className="text-xs text-slate-500">{item.latest.method}</p> : null}
          <NotesAnalysisResultView result={item.latest.result} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Not analysed yet.</p>
      )}
    </article>
  );
}
