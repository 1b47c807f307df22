import { Link } from "@remix-run/react";
import { NotesAnalysisPanel } from "~/components/admin/notes-analysis-panel";
import type { PropertyNotesAnalysis } from "~/domain/notes-analysis/notes-analysis-overview.server";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime } from "~/lib/formats";

export type NoteRow = { id: string; notes: string; updatedAt: string | Date; author: string; propertyTitle: string };

/** The latest notes, and the analysis of every property that has notes (its Run form posts to the analysis page). */
export function NotesTab({ notes, analyses }: { notes: NoteRow[]; analyses: PropertyNotesAnalysis[] }) {
  const analysed = analyses.filter((item) => item.noteCount > 0);
  return (
    <div className="space-y-6">
      <section aria-labelledby="latest-notes">
        <h2 id="latest-notes" className="text-lg font-semibold">
          Latest watchlist notes
        </h2>
        {notes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No notes yet. Notes appear here when investors annotate their watchlist.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {notes.map((note) => (
              <li key={note.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <p className="break-words whitespace-pre-line">{note.notes}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {note.author} on <span className="font-semibold">{note.propertyTitle}</span> · {formatIndiaDateTime(note.updatedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ai-analysis" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ai-analysis" className="text-lg font-semibold">
            AI analysis of notes
          </h2>
          <Link to={paths.admin.notesAnalysis()} className="text-sm font-semibold text-brand-700 underline">
            Every property&apos;s analysis
          </Link>
        </div>
        {analysed.length === 0 ? (
          <p className="text-sm text-slate-600">No property has notes yet, so there is nothing to analyse.</p>
        ) : (
          analysed.map((item) => <NotesAnalysisPanel key={item.propertyId} item={item} action={paths.admin.notesAnalysis()} />)
        )}
      </section>
    </div>
  );
}
