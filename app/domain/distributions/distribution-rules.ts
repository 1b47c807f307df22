import { Decimal } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { DomainError } from "~/domain/errors";

/** India has one time zone and no daylight saving: IST is UTC+05:30 all year. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The calendar date (YYYY-MM-DD) a moment falls on in Asia/Kolkata. */
export function istDate(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment after the given IST date has ended: 00:00 IST of the next day. */
export function endOfIstDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - IST_OFFSET_MS);
}

/** 00:00 IST of the given date. */
export function startOfIstDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

export class DistributionError extends DomainError {}

export type DistributionBasis = "total" | "per_share";

export type DeclarationInput = {
  basis: unknown;
  amount: unknown;
  recordDate: unknown;
  paymentDate: unknown;
  note: unknown;
};

export type Declaration = {
  basis: DistributionBasis;
  amount: Decimal;
  recordDate: string;
  paymentDate: string;
  note: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: unknown): string | null {
  if (typeof value !== "string" || !DATE.test(value.trim())) return null;
  const text = value.trim();
  const parsed = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text ? null : text;
}

/** What a declared amount may be: the form's field and the domain's check read it alike. */
export const DISTRIBUTION_AMOUNT_RULES = {
  message: "Enter an amount in rupees, more than zero, with at most 2 decimals.",
  max: "1000000000",
  maxMessage: "The amount is too large: at most ₹1,00,00,00,000.",
};

/** Checks an admin's declaration; each refusal names its field. */
export function parseDeclaration(input: DeclarationInput): Declaration {
  const basis = input.basis === "per_share" ? "per_share" : input.basis === "total" ? "total" : null;
  if (!basis) throw new DistributionError("invalid_basis", "Choose a total amount or an amount per share.", 400, "basis");
  // The one rupee parser: "1e5" or "-3" is not an amount; more than ₹100 crore is not a rent distribution.
  const parsed = parseRupees(input.amount, DISTRIBUTION_AMOUNT_RULES);
  if (!parsed.ok) throw new DistributionError("invalid_amount", parsed.message, 400, "amount");
  const amount = parsed.value;
  const recordDate = validDate(input.recordDate);
  if (!recordDate) throw new DistributionError("invalid_record_date", "Enter the record date.", 400, "recordDate");
  const paymentDate = validDate(input.paymentDate);
  if (!paymentDate) throw new DistributionError("invalid_payment_date", "Enter the payment date.", 400, "paymentDate");
  if (paymentDate <= recordDate) {
    throw new DistributionError("payment_before_record", "The payment date must be after the record date.", 400, "paymentDate");
  }
  const note = typeof input.note === "string" ? input.note.trim().slice(0, 500) : "";
  return { basis, amount, recordDate, paymentDate, note };
}

export type Holding = { userId: string; shares: number };
export type Allocation = {
  perShare: Decimal;
  eligibleShares: number;
  payments: { userId: string; shares: number; amount: Decimal }[];
  paid: Decimal;
  remainder: Decimal;
};

/**
 * Who gets what: the amount per share is floored to the paisa (a total divided by the shares
 * held at the record date, or the declared amount per share), each holder receives shares ×
 * that, and whatever is left of the funded amount is the remainder, recorded and returned.
 */
export function allocate(
  funded: Decimal.Value,
  basis: DistributionBasis,
  declaredPerShare: Decimal.Value | null,
  holdings: Holding[],
): Allocation {
  const fundedAmount = new Decimal(funded);
  const held = holdings.filter((h) => h.shares > 0);
  const eligibleShares = held.reduce((sum, h) => sum + h.shares, 0);
  let perShare = new Decimal(0);
  if (eligibleShares > 0) {
    perShare =
      basis === "per_share" ? new Decimal(declaredPerShare ?? 0) : fundedAmount.div(eligibleShares).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  }
  const payments = held
    .map((h) => ({ userId: h.userId, shares: h.shares, amount: perShare.times(h.shares) }))
    .filter((p) => p.amount.gt(0));
  const paid = payments.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  if (paid.gt(fundedAmount)) throw new Error("a distribution cannot pay more than it was funded with");
  return { perShare, eligibleShares, payments, paid, remainder: fundedAmount.minus(paid) };
}

/** The Indian financial year (April to March) a date falls in, as its starting year: 2025 for FY 2025-26. */
export function financialYearOf(date: string): number {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

export function financialYearLabel(startYear: number): string {
  return `FY ${startYear}-${String((startYear + 1) % 100).padStart(2, "0")}`;
}
