import { TIER_LABELS, type Tier } from "~/domain/tiers/calculate-tier";

export function TierBadge({ tier, override }: { tier: string; override: boolean }) {
  const label = TIER_LABELS[tier as Tier] ?? tier;
  return (
    <span className="inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
      {label}
      {override ? " (Override)" : ""}
    </span>
  );
}
