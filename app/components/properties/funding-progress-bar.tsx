import type { FundingTone } from "~/domain/properties/funding-progress";

// Colour steps at 80, 60 and 40 percent (the tone is computed by the domain helper).
const BAR_COLOURS: Record<FundingTone, string> = {
  strong: "bg-emerald-600",
  good: "bg-lime-600",
  fair: "bg-amber-500",
  early: "bg-orange-600",
};

export function FundingProgressBar({ percent, tone, label = "Funded" }: { percent: number; tone: FundingTone; label?: string }) {
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span className="font-semibold text-ink">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div data-tone={tone} className={`h-full rounded-full ${BAR_COLOURS[tone]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
