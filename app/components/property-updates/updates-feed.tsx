import { Link } from "@remix-run/react";
import { paths } from "~/lib/paths";
import { UpdateEntry, type UpdateEntryData } from "./update-entry";

export type FeedEntry = UpdateEntryData & { propertyId: string; propertyTitle: string; hasPosition: boolean };

/** Updates on the investor's properties and watched ones, newest first, each naming its property. */
export function UpdatesFeed({ entries }: { entries: FeedEntry[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        No updates yet on the properties you hold or watch.
      </p>
    );
  }
  return (
    <div className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-5">
      {entries.map((entry) => (
        <UpdateEntry
          key={entry.id}
          update={entry}
          headingLevel={2}
          context={
            <Link
              to={entry.hasPosition ? paths.dashboard.property(entry.propertyId) : paths.invest(entry.propertyId)}
              className="font-medium text-brand-700 underline"
            >
              {entry.propertyTitle}
            </Link>
          }
        />
      ))}
    </div>
  );
}
