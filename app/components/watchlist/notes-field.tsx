import { useId, useState } from "react";
import { NOTES_LIMIT } from "./watchlist-intents";

/**
 * A notes textarea with a character counter. The counter is rendered on the server and
 * kept live by React while typing; the browser stops at 500 and the server checks again.
 */
export function NotesField({ defaultValue = "", label = "Notes (optional)" }: { defaultValue?: string; label?: string }) {
  const id = useId();
  const [length, setLength] = useState(Array.from(defaultValue).length);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name="notes"
        rows={3}
        maxLength={NOTES_LIMIT}
        defaultValue={defaultValue}
        onChange={(event) => setLength(Array.from(event.currentTarget.value).length)}
        aria-describedby={`${id}-count`}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-brand-600"
      />
      <p id={`${id}-count`} className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
        {length}/{NOTES_LIMIT} characters
      </p>
    </div>
  );
}
