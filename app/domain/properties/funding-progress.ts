import { Decimal } from "~/lib/money";

/**
 * Percent funded as the listing and invest pages show it: 100 once the property is
 * funded, otherwise raised / total value (raised = confirmed investments), rounded to a
 * whole percent and capped at 100.
 */
export function fundingProgressPercent(input: { status: string; raised: Decimal.Value; totalValue: Decimal.Value }): number {
  if (input.status === "funded") return 100;
  const totalValue = new Decimal(input.totalValue);
  if (totalValue.lte(0)) return 0;
  const percent = new Decimal(input.raised).div(totalValue).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return Math.max(0, Math.min(100, percent.toNumber()));
}

export type FundingTone = "strong" | "good" | "fair" | "early";

/** The progress bar's colour step: it changes at 80, 60 and 40 percent. */
export function fundingProgressTone(percent: number): FundingTone {
  if (percent >= 80) return "strong";
  if (percent >= 60) return "good";
  if (percent >= 40) return "fair";
  return "early";
}
