import { distributionWidthPercent, type CategoryCounts } from "~/lib/portfolio/overview-figures";

const ROWS: Array<{ key: keyof CategoryCounts; label: string; bar: string }> = [
  { key: "residential", label: "Residential", bar: "bg-brand-500" },
  { key: "commercial", label: "Commercial", bar: "bg-sky-600" },
  { key: "mixed", label: "Mixed", bar: "bg-emerald-600" },
];

/** How many held properties fall in each of the spec's three kinds; each adds a quarter of the bar. */
export function PortfolioDistribution({ counts }: { counts: CategoryCounts }) {
  return (
    <ul className="space-y-3">
      {ROWS.map((row) => (
        <li key={row.key}>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-ink">{row.label}</span>
            <span className="text-slate-600">
              {counts[row.key]} {counts[row.key] === 1 ? "property" : "properties"}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
            <div className={`h-2 rounded-full ${row.bar}`} style={{ width: `${distributionWidthPercent(counts[row.key])}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
