import { formatUpToTwoDecimals } from "~/lib/formats";

/** "apartment" → "Apartment"; stored types are single lowercase words. */
export function propertyTypeLabel(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** An annual return as "12.5%"; a missing one as an en dash. */
export function formatPercent(value: string | null): string {
  if (value === null) return "–";
  const number = Number(value);
  return Number.isFinite(number) ? `${formatUpToTwoDecimals(number)}%` : "–";
}
