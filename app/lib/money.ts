import Decimal from "decimal.js";
import { formatIndianNumber } from "~/lib/indian-numerals";

export { Decimal };

/** Rupees with paise: every amount is rounded half-up to 2 decimals, as NUMERIC(16,2) stores it. */
export function toRupees(value: Decimal.Value): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** True when the value has no more than 2 decimals (what a NUMERIC(16,2) column keeps exactly). */
export function hasAtMostPaise(value: Decimal.Value): boolean {
  return new Decimal(value).decimalPlaces() <= 2;
}

/**
 * Rupees in Indian grouping, rounded half-up to the rupee or to paise: "₹1,02,000", "-₹12.50".
 * The Decimal's own digits are grouped, so no amount passes through a float (ADR 0087).
 */
export function formatINR(value: Decimal.Value, { paise = false }: { paise?: boolean } = {}): string {
  const text = formatIndianNumber(value, { decimals: paise ? 2 : 0 });
  return text.startsWith("-") ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Compact rupees: K from 1e3, L (lakh) from 1e5, Cr (crore) from 1e7. */
export function formatCompactINR(value: Decimal.Value): string {
  const amount = new Decimal(value);
  const sign = amount.isNegative() ? "-" : "";
  const abs = amount.abs();
  const steps: Array<[Decimal, string]> = [
    [new Decimal(1e7), "Cr"],
    [new Decimal(1e5), "L"],
    [new Decimal(1e3), "K"],
  ];
  for (const [unit, suffix] of steps) {
    if (abs.gte(unit)) {
      const scaled = abs.div(unit).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
      return `${sign}₹${scaled.toString().replace(/\.0$/, "")}${suffix}`;
    }
  }
  return `${sign}₹${abs.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toString()}`;
}
