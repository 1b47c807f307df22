// The fund request's rules, shared by the dialogs (which show them) and the server (which
// decides). Pure: no database, no environment; amounts are Decimal, never floats.
import { Decimal, formatINR } from "~/lib/money";

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

/** Digits with at most one decimal point (the spec's input rule); paise beyond 2 places are not money. */
const AMOUNT_PATTERN = /^\d+(\.\d{0,2})?$/;

export type AmountCheck = { ok: true; amount: Decimal } | { ok: false; message: string };

/** The amount field: digits with at most one decimal point, a number of at least ₹1,000. */
export function parseFundAmount(raw: unknown): AmountCheck {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!AMOUNT_PATTERN.test(text)) return { ok: false, message: invalidAmountMessage() };
  const amount = new Decimal(text);
  if (amount.lt(MINIMUM_FUND_REQUEST)) return { ok: false, message: invalidAmountMessage() };
  return { ok: true, amount: amount.toDecimalPlaces(2) };
}

/** A withdrawal is also bounded by what is available now. */
export function checkWithdrawalAmount(raw: unknown, available: Decimal.Value): AmountCheck {
  const check = parseFundAmount(raw);
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
