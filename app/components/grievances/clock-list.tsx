import type { ClockView } from "~/domain/grievances/list-grievances.server";
import { formatIndiaDateTime } from "~/lib/formats";

const STATE_STYLES: Record<string, { label: string; className: string }> = {
  running: { label: "Running", className: "bg-amber-100 text-amber-900" },
  met: { label: "Met", className: "bg-emerald-100 text-emerald-900" },
  missed: { label: "Missed", className: "bg-red-100 text-red-900" },
};

/** A grievance's clocks: what is due by when, and whether it was met, missed or is still running. */
export function ClockList({ clocks, compact = false }: { clocks: ClockView[]; compact?: boolean }) {
  return (
    <ul className={compact ? "flex flex-wrap gap-2" : "space-y-2"} aria-label="Clocks">
      {clocks.map((clock) => {
        const style = STATE_STYLES[clock.state] ?? STATE_STYLES.running!;
        return (
          <li key={clock.clock} className={compact ? "text-xs" : "rounded-lg border border-slate-200 p-3 text-sm"}>
            <span className="font-semibold text-ink">{clock.label}</span>{" "}
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${style.className}`}>{style.label}</span>
            {compact ? null : (
              <>
                <span className="block text-slate-700">Due {formatIndiaDateTime(clock.dueAt)}</span>
                {clock.doneAt ? <span className="block text-slate-600">Done {formatIndiaDateTime(clock.doneAt)}</span> : null}
                <span className="block text-xs text-slate-500">{clock.source}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export const KIND_LABELS: Record<string, string> = { complaint: "Complaint", correction: "Correction request", erasure: "Erasure request" };
export const STATUS_LABELS: Record<string, string> = { open: "Open", in_progress: "In progress", resolved: "Resolved", closed: "Closed" };
