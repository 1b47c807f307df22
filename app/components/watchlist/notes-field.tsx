import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { paths } from "~/lib/paths";
import { NOTES_LIMIT } from "./watchlist-intents";
import { useTypedBeforeHydration } from "~/components/ui/use-typed-before-hydration";

/** Said next to every notes box, and on the privacy page: notes are not private from staff. */
export const WATCHLIST_NOTES_NOTICE = "Aangan staff may read your notes to analyse what investors think of a property.";

/**
 * A notes textarea with a character counter. The counter is rendered on the server and
 * kept live by React while typing; the browser stops at 500 and the server checks again. It says
 * who may read the notes, before anything is written.
 */
export function NotesField({ defaultValue = "", label = "Notes (optional)" }: { defaultValue?: string; label?: string }) {
  const id = useId();
  const [length, setLength] = useState(Array.from(defaultValue).length);
  // Notes typed before the page's scripts ran are counted once they do.
  const notesRef = useTypedBeforeHydration<HTMLTextAreaElement>(defaultValue, (typed) => setLength(Array.from(typed).length));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        ref={notesRef}
        id={id}
        name="notes"
        rows={3}
        maxLength={NOTES_LIMIT}
        defaultValue={defaultValue}
        onChange={(event) => setLength(Array.from(event.currentTarget.value).length)}
        aria-describedby={`${id}-privacy ${id}-count`}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-brand-600"
      />
      <p id={`${id}-privacy`} className="mt-1 text-xs text-slate-600">
        {WATCHLIST_NOTES_NOTICE}{" "}
        <Link to={paths.legal.privacy()} className="text-brand-700 underline">
          Privacy
        </Link>
      </p>
      <p id={`${id}-count`} className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
        {length}/{NOTES_LIMIT} characters
      </p>
    </div>
  );
}
