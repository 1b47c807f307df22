import { Decimal } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { DomainError } from "~/domain/errors";
import { xirr } from "~/lib/portfolio/xirr";

export class ExitError extends DomainError {}

/** What a sale's price and costs may be: the form and the domain read the same bounds. */
export const SALE_PRICE_RULES = {
  message: "Enter the sale price in rupees, more than zero, with at most 2 decimals.",
  max: "100000000000",
  maxMessage: "The sale price is too large: at most ₹10,000 crore.",
};
export const SALE_COSTS_RULES = {
  message: "Enter the costs of the sale in rupees (0 if none), with at most 2 decimals.",
  max: "100000000000",
  maxMessage: "The costs are too large: at most ₹10,000 crore.",
  allowZero: true,
};

export type ExitProposalInput = {
  buyerName: unknown;
  salePrice: unknown;
  costs: unknown;
  expectedCompletionDate: unknown;
  note: unknown;
};

export type ExitProposal = {
  buyerName: string;
  salePrice: Decimal;
  costs: Decimal;
  expectedCompletionDate: string;
  note: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks an admin's proposal; each refusal names its field. */
export function parseExitProposal(input: ExitProposalInput): ExitProposal {
  const buyerName = typeof input.buyerName === "string" ? input.buyerName.trim() : "";
  if (buyerName.length < 2 || buyerName.length > 200) {
    throw new ExitError("invalid_buyer", "Enter the buyer's name (2 to 200 characters).", 400, "buyerName");
  }
  const price = parseRupees(input.salePrice, SALE_PRICE_RULES);
  if (!price.ok) throw new ExitError("invalid_sale_price", price.message, 400, "salePrice");
  const costs = parseRupees(input.costs, SALE_COSTS_RULES);
  if (!costs.ok) throw new ExitError("invalid_costs", costs.message, 400, "costs");
  if (costs.value.gte(price.value)) {
    throw new ExitError(
      "costs_exceed_price",
      "The costs must be less than the sale price: nothing would be left to pay out.",
      400,
      "costs",
    );
  }
  const date = typeof input.expectedCompletionDate === "string" ? input.expectedCompletionDate.trim() : "";
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!DATE.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new ExitError("invalid_completion_date", "Enter the expected completion date.", 400, "expectedCompletionDate");
  }
  const note = typeof input.note === "string" ? input.note.trim().slice(0, 1000) : "";
  return { buyerName, salePrice: price.value, costs: costs.value, expectedCompletionDate: date, note };
}

/** The net proceeds: what the holders share. */
export function netProceeds(salePrice: Decimal.Value, costs: Decimal.Value): Decimal {
  return new Decimal(salePrice).minus(costs);
}

/**
 * The pay-out per share, (price − costs) / total shares, exact: Decimal keeps 20 significant
 * digits, so the figure is shown to as many places as it needs (at most 4 on screen).
 */
export function payoutPerShare(net: Decimal.Value, totalShares: number): Decimal {
  return new Decimal(net).div(totalShares);
}

export type ExitHolding = { userId: string; shares: number };
export type ExitAllocation = {
  payments: { userId: string; shares: number; amount: Decimal }[];
  eligibleShares: number;
  paid: Decimal;
  remainder: Decimal;
};

/**
 * Who gets what: each holder net × shares / total shares, floored to the paisa. What is left
 * (the paise the floors dropped, and the part of any share no investor held) is the remainder,
 * recorded and kept in the property's account as a distribution's is.
 */
export function allocateExit(net: Decimal.Value, totalShares: number, holdings: ExitHolding[]): ExitAllocation {
  const total = new Decimal(net);
  const held = holdings.filter((h) => h.shares > 0);
  const eligibleShares = held.reduce((sum, h) => sum + h.shares, 0);
  if (eligibleShares > totalShares) throw new Error("holders cannot hold more shares than the property issued");
  const payments = held
    .map((h) => ({
      userId: h.userId,
      shares: h.shares,
      amount: total.times(h.shares).div(totalShares).toDecimalPlaces(2, Decimal.ROUND_DOWN),
    }))
    .filter((p) => p.amount.gt(0));
  const paid = payments.reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
  return { payments, eligibleShares, paid, remainder: total.minus(paid) };
}

export type EntryClass = { entryPrice: string; entryDate: Date; shares: number };
export type Dividend = { paidAt: Date; recordEnd: Date; perShare: string };

/**
 * The final IRR of one share of an entry class: paid its entry price on its entry date,
 * received every distribution whose record date ended after that, and the exit's pay-out per
 * share on the completion date. A rate is a ratio, so the existing XIRR (floating point) decides it.
 */
export function entryClassIrr(entry: EntryClass, dividends: Dividend[], exit: { paidAt: Date; perShare: string }): number | null {
  const flows = [
    { date: entry.entryDate, amount: -Number(entry.entryPrice) },
    ...dividends.filter((d) => d.recordEnd > entry.entryDate).map((d) => ({ date: d.paidAt, amount: Number(d.perShare) })),
    { date: exit.paidAt, amount: Number(exit.perShare) },
  ];
  const result = xirr(flows);
  return result.kind === "rate" ? result.rate : null;
}
