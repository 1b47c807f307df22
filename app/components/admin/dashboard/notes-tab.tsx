import { formatDate } from "~/components/admin/kyc/kyc-queue-table";

export type NoteRow = { id: string; notes: string; updatedAt: string | Date; author: string; propertyTitle: string };

export function NotesTab({ notes }: { notes: NoteRow[] }) {
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
                  {note.author} on <span className="font-semibold">{note.propertyTitle}</span> · {formatDate(note.updatedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* AI ANALYSIS SLOT: the AI notes-analysis issue renders its per-property analysis here. */}
      <section
        aria-labelledby="ai-analysis"
        data-slot="ai-notes-analysis"
        className="rounded-xl border border-dashed border-slate-300 bg-white p-4"
      >
        <h2 id="ai-analysis" className="text-lg font-semibold">
          AI analysis of notes
        </h2>
        <p className="mt-1 text-sm text-slate-600">The analysis of notes per property will appear here.</p>
      </section>
    </div>
  );
}
