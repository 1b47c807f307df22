import { Decimal } from "~/lib/money";

export type PortfolioTotals = {
  /** What the shares held cost, acquisition fees included (rupees, 2 decimals). */
  totalInvestment: string;
  /** Shares × valuation price summed over holdings. */
  currentValue: string;
  /** Current value − total investment. */
  unrealised: string;
  /** Gains realised by sales, net of their fees. */
  realised: string;
  /** Distributions received. */
  distributions: string;
  /** Unrealised + realised + distributions (ADR 0046). */
  lifetimeReturn: string;
  activeProperties: number;
};

export const NO_FIGURE = "—";

/** Percent change from cost to value, one decimal with its sign ("+12.5%"), or a dash when nothing was invested. */
export function percentChange(cost: Decimal.Value, value: Decimal.Value): string {
  const base = new Decimal(cost);
  if (base.lte(0)) return NO_FIGURE;
  const percent = new Decimal(value).minus(base).div(base).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  if (percent.isZero()) return "0.0%";
  return `${percent.isPositive() ? "+" : "−"}${percent.abs().toFixed(1)}%`;
}

/** An amount with its sign in front: "+₹1,200", "−₹300", "₹0". `format` renders the absolute amount. */
export function signedAmount(amount: Decimal.Value, format: (value: Decimal) => string): string {
  const value = new Decimal(amount);
  const text = format(value.abs());
  if (value.isZero() || format(new Decimal(0)) === text) return text;
  return `${value.isPositive() ? "+" : "−"}${text}`;
}

export type CategoryCounts = { residential: number; commercial: number; mixed: number };

/** Each property adds 25% of the bar's width, capped at 100%. */
export function distributionWidthPercent(count: number): number {
  return Math.min(100, Math.max(0, count) * 25);
}
