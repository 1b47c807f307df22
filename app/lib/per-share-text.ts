import { Decimal, formatINR } from "~/lib/money";

/**
 * A per-share figure to the places it needs, at most 4, rounded down: ₹1,234.5678, or
 * ₹1,234.50 when the paise are exact. An exit's pay-out per share is (price − costs) / shares,
 * which rarely ends at the paisa (ADR 0071).
 */
export function formatPerShareText(value: Decimal.Value): string {
  const exact = new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_DOWN);
  const rupees = formatINR(exact.toDecimalPlaces(2, Decimal.ROUND_DOWN), { paise: true });
  const extra = exact.toFixed(4).slice(-2).replace(/0+$/, "");
  return rupees + extra;
}
