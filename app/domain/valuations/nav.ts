import { Decimal } from "~/lib/money";
import type { RupeeRules } from "~/lib/rupee-input";

/**
 * The net asset value of one share (ADR 0069): what the property was last valued at, less
 * what its SPV owes and keeps back, shared equally by every share issued. Rounded half-up
 * to the paisa, once, at the end; never below zero, since a shareholder owes nothing past
 * their shares.
 */
export const NAV_FORMULA =
  "NAV per share = (latest valuation − debts − reserves) ÷ total shares issued, rounded half-up to the paisa (never below ₹0).";

export type NavInputs = { value: Decimal.Value; debts: Decimal.Value; reserves: Decimal.Value; totalShares: number };

export function navPerShare({ value, debts, reserves, totalShares }: NavInputs): Decimal {
  if (!Number.isInteger(totalShares) || totalShares <= 0) throw new RangeError("A property's total shares must be a positive integer");
  const equity = new Decimal(value).minus(debts).minus(reserves);
  if (equity.lte(0)) return new Decimal(0);
  return equity.div(totalShares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** A change of more than this fraction against the previous valuation needs a second admin. */
export const FOUR_EYES_CHANGE = new Decimal("0.10");

/** The signed change from one value to the next, as a fraction of the first (0.1 = +10%). */
export function valueChange(previous: Decimal.Value, next: Decimal.Value): Decimal {
  const before = new Decimal(previous);
  if (before.lte(0)) throw new RangeError("A previous value must be positive");
  return new Decimal(next).minus(before).div(before);
}

/** Strictly more than 10% either way: exactly 10% is recorded by one admin. */
export function valuationNeedsSecondAdmin(previous: Decimal.Value, next: Decimal.Value): boolean {
  return valueChange(previous, next).abs().gt(FOUR_EYES_CHANGE);
}

/** A valuation's value: the one rupee parser, bounded at ₹10,000 crore (no property we list comes near). */
export const VALUATION_VALUE_RULES: RupeeRules = {
  message: "Enter the valuation in rupees, more than zero, with at most 2 decimals.",
  max: "100000000000",
  maxMessage: "The valuation is too large: at most ₹10,000 crore.",
};

/** Debts and reserves: zero allowed, bounded like a valuation. */
export const BALANCE_RULES = (label: "Debts" | "Reserves"): RupeeRules => ({
  message: `Enter the ${label.toLowerCase()} in rupees (0 if none), with at most 2 decimals.`,
  allowZero: true,
  max: "100000000000",
  maxMessage: `${label} are too large: at most ₹10,000 crore.`,
});
