/**
 * Reads the "number of shares" field the way the investment page does: anything that
 * is not a plain number becomes 0 and a negative entry is ignored (also 0). A decimal
 * such as "2.5" is kept as typed, so validation can say it is not a whole number
 * instead of silently buying a different quantity.
 */
export function parseShareInput(raw: unknown): number {
  if (typeof raw === "number") return Number.isFinite(raw) && raw > 0 ? raw : 0;
  if (typeof raw !== "string") return 0;
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 0;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** A purchasable quantity: a whole number of at least one share. */
export function isWholeShareCount(shares: number): boolean {
  return Number.isSafeInteger(shares) && shares >= 1;
}
