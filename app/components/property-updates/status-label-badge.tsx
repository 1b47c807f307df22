import { statusLabelText } from "~/lib/property-updates";

const TONES: Record<string, string> = {
  performing: "bg-emerald-100 text-emerald-800",
  watch: "bg-amber-100 text-amber-900",
  distribution_paused: "bg-orange-100 text-orange-900",
  vacant: "bg-red-100 text-red-800",
  sale_planned: "bg-sky-100 text-sky-800",
};

/** An update's status label as a badge (ADR 0070). */
export function StatusLabelBadge({ label }: { label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[label] ?? "bg-slate-200 text-slate-700"}`}
      data-testid="status-label"
    >
      {statusLabelText(label)}
    </span>
  );
}
