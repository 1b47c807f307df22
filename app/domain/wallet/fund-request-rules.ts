// The fund request's rules, shared by the dialogs (which show them) and the server (which
// decides). Pure: no database, no environment; amounts are Decimal, never floats.
import { Decimal, formatINR } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";

export const MINIMUM_FUND_REQUEST = new Decimal(1000);
/** The deposit processing fee the spec shows on Add Funds; charged on resolution (ADR 0006). */
export const DEPOSIT_PROCESSING_FEE = new Decimal(10);

export const TICKET_PRIORITIES = ["low", "medium", "high"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_PRIORITY: TicketPriority = "medium";

/** The spec's turnaround per priority (section 9). */
export const PRIORITY_TURNAROUND: Record<TicketPriority, string> = {
  low: "5-7 business days",
  medium: "2-3 business days",
  high: "Within 24 hours",
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = { low: "Low", medium: "Medium", high: "High" };

export const INVALID_AMOUNT = { title: "Invalid Amount", description: "Please enter a valid amount (minimum ₹1,000)" } as const;
export const KYC_REQUIRED_FOR_FUNDS = {
  title: "KYC Required",
  description: "Please complete your KYC verification before managing funds",
} as const;
export const REQUEST_SUBMITTED = {
  title: "Request Submitted Successfully",
  description: "A customer support person will contact you soon",
} as const;

export function insufficientBalanceMessage(available: Decimal.Value): string {
  return `Insufficient Balance - Your available balance is ${formatINR(available, { paise: true })}`;
}

export type AmountCheck = { ok: true; amount: Decimal } | { ok: false; message: string };

/**
 * How much one investor may ask to add (or withdraw) in one request and in one India day: the
 * server's settings (ADR 0056), sent to the dialogs so they say the same.
 */
export type FundLimits = { perRequest: string; perDay: string };

/** The defaults of the settings: ₹1 crore a request, ₹2 crore a day. */
export const DEFAULT_FUND_LIMITS: FundLimits = { perRequest: "10000000", perDay: "20000000" };

export const perRequestLimitMessage = (limits: FundLimits) => `Maximum per request is ${formatINR(limits.perRequest)}`;

/**
 * The amount field, read by the one rupee parser ("1,00,000", "₹5,000.50"): at least ₹1,000
 * and at most the per-request limit.
 */
export function parseFundAmount(raw: unknown, limits: FundLimits): AmountCheck {
  const parsed = parseRupees(raw, {
    message: invalidAmountMessage(),
    min: MINIMUM_FUND_REQUEST,
    max: limits.perRequest,
    maxMessage: perRequestLimitMessage(limits),
  });
  return parsed.ok ? { ok: true, amount: parsed.value } : parsed;
}

/** What is left of the day's limit after the requests already raised today. */
export function checkDailyLimit(amount: Decimal, requestedToday: Decimal.Value, limits: FundLimits): AmountCheck {
  const left = Decimal.max(0, new Decimal(limits.perDay).minus(requestedToday));
  if (amount.lte(left)) return { ok: true, amount };
  return {
    ok: false,
    message: `You can request up to ${formatINR(limits.perDay)} a day; ${formatINR(left, { paise: !left.isInteger() })} is left for today`,
  };
}

/** A withdrawal is also bounded by what is available now. */
export function checkWithdrawalAmount(raw: unknown, available: Decimal.Value, limits: FundLimits): AmountCheck {
  const check = parseFundAmount(raw, limits);
  if (!check.ok) return check;
  if (check.amount.gt(available)) return { ok: false, message: insufficientBalanceMessage(available) };
  return check;
}

export function parsePriority(raw: unknown): TicketPriority {
  return TICKET_PRIORITIES.find((p) => p === raw) ?? DEFAULT_PRIORITY;
}

export function invalidAmountMessage(): string {
  return `${INVALID_AMOUNT.title} - ${INVALID_AMOUNT.description}`;
}

/** What reaches the wallet for a deposit of `received`: the received amount less the fee. */
export function depositCredit(received: Decimal.Value): Decimal {
  return new Decimal(received).minus(DEPOSIT_PROCESSING_FEE);
}
