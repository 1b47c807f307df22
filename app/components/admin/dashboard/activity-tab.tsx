import { formatIndiaDateTime } from "~/lib/formats";

export type ActivityRow = { id: string; eventName: string; createdAt: string | Date; user: string; propertyTitle: string | null };

export function ActivityTab({ events }: { events: ActivityRow[] }) {
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Latest user events
      </h2>
      <p className="text-xs text-slate-600">Updates live while this page is open.</p>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No events yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm" aria-label="User events">
          {events.map((event) => (
            <li key={event.id} className="flex flex-col gap-0.5 p-3 sm:flex-row sm:justify-between">
              <span>
                <span className="font-semibold">{event.user}</span> · <code>{event.eventName}</code>
                {event.propertyTitle ? ` · ${event.propertyTitle}` : ""}
              </span>
              <span className="text-xs text-slate-600">{formatIndiaDateTime(event.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
