import { Decimal, formatINR } from "~/lib/money";
import { formatIndiaDateTime } from "~/lib/formats";

/** A timestamp as Indian readers expect it, always in India time whatever the server's zone. */
export function formatDateTimeIN(iso: string): string {
  return formatIndiaDateTime(iso);
}

/** Rupees with their direction: "+₹500", "−₹1,02,000"; paise only when there are any. */
export function formatSignedINR(amount: Decimal.Value): string {
  const value = new Decimal(amount);
  const sign = value.isZero() ? "" : value.isNegative() ? "−" : "+";
  const abs = value.abs();
  return `${sign}${formatINR(abs, { paise: !abs.isInteger() })}`;
}

/** Rupees without a sign; paise only when there are any. */
export function formatRupees(amount: Decimal.Value): string {
  const value = new Decimal(amount);
  return formatINR(value, { paise: !value.isInteger() });
}
