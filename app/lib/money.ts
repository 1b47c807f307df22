import Decimal from "decimal.js";

export { Decimal };

/** Rupees with paise: every amount is rounded half-up to 2 decimals, as NUMERIC(16,2) stores it. */
export function toRupees(value: Decimal.Value): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** True when the value has no more than 2 decimals (what a NUMERIC(16,2) column keeps exactly). */
export function hasAtMostPaise(value: Decimal.Value): boolean {
  return new Decimal(value).decimalPlaces() <= 2;
}

const inrWhole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Formats rupees in the Indian locale. Intl takes numbers, so the Decimal is rounded to
 * the displayed precision first; the float only ever carries an already-exact display value.
 */
export function formatINR(value: Decimal.Value, { paise = false }: { paise?: boolean } = {}): string {
  const rounded = new Decimal(value).toDecimalPlaces(paise ? 2 : 0, Decimal.ROUND_HALF_UP);
  return (paise ? inrPaise : inrWhole).format(rounded.toNumber());
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
