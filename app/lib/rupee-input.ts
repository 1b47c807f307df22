import { Decimal, formatINR } from "~/lib/money";

/**
 * The one reader of a rupee amount typed into any form, in the browser and on the server.
 * It accepts what people write ("1,00,000", "₹1,00,000", "100000.50", "1,000,000") and
 * refuses everything else — exponents ("1e5"), signs ("-3"), NaN/Infinity, non-ASCII digits,
 * more than 2 decimals, misplaced commas — with the field's own message. Bounds are the
 * field's: a minimum and a maximum with their own messages, so an amount past the domain's
 * limit is answered in words ("Maximum per request is ₹1,00,00,000"), never by a database
 * overflow.
 */
export type RupeeRules = {
  /** What the field says for anything that is not an amount (also for an empty field). */
  message: string;
  min?: Decimal.Value;
  /** Defaults to `message`. */
  minMessage?: string;
  /** Every amount has one: the domain's limit, at most what NUMERIC(16,2) holds. */
  max: Decimal.Value;
  /** Defaults to "Maximum is ₹…" with the maximum in Indian grouping. */
  maxMessage?: string;
  /** Zero is refused unless the field says otherwise (a minimum above zero decides it too). */
  allowZero?: boolean;
};

export type RupeeParse = { ok: true; value: Decimal } | { ok: false; message: string };

/** What a NUMERIC(16,2) column holds, in whole rupees (99,99,99,99,99,999): no bound may go past it. */
export const NUMERIC_16_2_MAX = new Decimal("99999999999999");

// Plain digits, or digits grouped by commas the Indian way (1,00,000) or the international way
// (100,000); then at most 2 decimals (a trailing point, as typed mid-way, is allowed).
const PLAIN = String.raw`\d+`;
const INDIAN = String.raw`\d{1,2}(?:,\d{2})*,\d{3}`;
const INTERNATIONAL = String.raw`\d{1,3}(?:,\d{3})+`;
const AMOUNT = new RegExp(String.raw`^(?:${PLAIN}|${INDIAN}|${INTERNATIONAL})(?:\.\d{0,2})?$`);
const CURRENCY_PREFIX = /^(?:₹|rs\.?|inr)\s*/i;
// Longer than any honest amount with grouping and paise: not even looked at.
const MAX_INPUT_LENGTH = 32;

/** The text of an amount field as typed, or null when it is not text (or absurdly long). */
function amountText(raw: unknown): string | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw !== "string" || raw.length > MAX_INPUT_LENGTH) return null;
  return raw.trim().replace(CURRENCY_PREFIX, "");
}

export function parseRupees(raw: unknown, rules: RupeeRules): RupeeParse {
  const text = amountText(raw);
  if (text === null || !AMOUNT.test(text)) return { ok: false, message: rules.message };
  const value = new Decimal(text.replace(/,/g, "").replace(/\.$/, ""));
  if (value.isZero() && !rules.allowZero) return { ok: false, message: rules.minMessage ?? rules.message };
  if (rules.min !== undefined && value.lt(rules.min)) return { ok: false, message: rules.minMessage ?? rules.message };
  const max = Decimal.min(rules.max, NUMERIC_16_2_MAX);
  if (value.gt(max)) return { ok: false, message: rules.maxMessage ?? maximumMessage(max) };
  return { ok: true, value };
}

/** A well-formed amount larger than any column holds ("12345678901234567890"): past every bound, not malformed. */
export function isAmountPastAnyBound(raw: unknown): boolean {
  const parsed = parseRupees(raw, { message: "", max: NUMERIC_16_2_MAX, maxMessage: PAST_ANY_BOUND, allowZero: true });
  return !parsed.ok && parsed.message === PAST_ANY_BOUND;
}
const PAST_ANY_BOUND = "past any bound";

export const maximumMessage = (max: Decimal.Value) => `Maximum is ${formatINR(max, { paise: !new Decimal(max).isInteger() })}`;
