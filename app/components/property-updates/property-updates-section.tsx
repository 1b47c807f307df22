import { formatIndiaDate } from "~/lib/formats";
import { StatusLabelBadge } from "./status-label-badge";
import { UpdateEntry, type UpdateEntryData } from "./update-entry";

export type PropertyUpdatesData = {
  currentLabel: string | null;
  labelHistory: { statusLabel: string; since: string | Date }[];
  updates: UpdateEntryData[];
};

/** A property's updates, newest first, under its current status label and the label's history. */
export function PropertyUpdatesSection({ data }: { data: PropertyUpdatesData }) {
  return (
    <section aria-labelledby="property-updates" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="property-updates" className="text-lg font-semibold">
          Updates
        </h2>
        {data.currentLabel ? <StatusLabelBadge label={data.currentLabel} /> : null}
      </div>
      {data.updates.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No updates have been published for this property yet.</p>
      ) : (
        <div className="mt-2 divide-y divide-slate-100">
          {data.updates.map((update) => (
            <UpdateEntry key={update.id} update={update} />
          ))}
        </div>
      )}
      {data.labelHistory.length > 1 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-ink">Status history</summary>
          <ol className="mt-2 space-y-1" aria-label="Status history">
            {data.labelHistory.map((entry) => (
              <li key={new Date(entry.since).toISOString()} className="flex items-center gap-2">
                <StatusLabelBadge label={entry.statusLabel} />
                <span className="text-slate-600">since {formatIndiaDate(entry.since)}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
