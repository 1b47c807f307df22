import { TierBadge } from "~/components/admin/users/tier-badge";
import { buttonClasses } from "~/components/ui/button-styles";
import { paths } from "~/lib/paths";
import { formatIndiaDateTime } from "~/lib/formats";

export type EngagementRow = {
  id: string;
  fullName: string | null;
  email: string;
  tier: string;
  lastActivityAt: string | Date | null;
  watchlistCount: number;
  notesCount: number;
  score: number;
  badge: "High" | "Medium" | "Low";
};

const BADGE_TONE = { High: "bg-green-100 text-green-800", Medium: "bg-amber-100 text-amber-900", Low: "bg-slate-100 text-slate-800" };

export function AnalyticsTab({ rows }: { rows: EngagementRow[] }) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Recently active users</h2>
        <a href={paths.admin.analyticsCsv()} download className={buttonClasses("primary", "sm")}>
          Export CSV
        </a>
      </div>
      <ul className="space-y-2" aria-label="User engagement">
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-semibold">{row.fullName ?? "No Name"}</p>
              <p className="break-all text-slate-600">{row.email}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <TierBadge tier={row.tier} override={false} /> Last activity {formatIndiaDateTime(row.lastActivityAt)}
              </p>
            </div>
            <p className="flex items-center gap-3">
              <span>{row.watchlistCount} watchlist</span>
              <span>{row.notesCount} notes</span>
              <span className="font-semibold">Score {row.score}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONE[row.badge]}`}>{row.badge}</span>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
