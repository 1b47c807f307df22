import type { Decimal } from "~/lib/money";
import { formatCount, formatShares } from "~/lib/formats";
import { NUMERIC_16_2_MAX, parseRupees } from "~/lib/rupee-input";

/** Spec 000 §9: a sell request lives 30 days, a hold waits 60 minutes for both confirmations. */
export const ORDER_LIFETIME_DAYS = 30;
export const HOLD_WINDOW_MINUTES = 60;
/** ADR 0010: a reservation both sides confirmed waits 72 hours for an admin to settle it. */
export const RESERVATION_WINDOW_HOURS = 72;
export const LOW_STOCK_SHARES = 5;
export const COUNTDOWN_WARNING_MINUTES = 5;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const orderExpiry = (now: Date) => new Date(now.getTime() + ORDER_LIFETIME_DAYS * DAY);
export const holdExpiry = (now: Date) => new Date(now.getTime() + HOLD_WINDOW_MINUTES * MINUTE);
export const reservationExpiry = (now: Date) => new Date(now.getTime() + RESERVATION_WINDOW_HOURS * HOUR);
/**
 * The hold's pending journal must outlive the hold and the reservation it may become (a
 * post after its expiry is refused by the ledger), so it expires an hour after the latest
 * moment the reservation could: the market's own expiry always resolves it first.
 */
export const holdJournalExpiry = (now: Date) =>
  new Date(now.getTime() + HOLD_WINDOW_MINUTES * MINUTE + RESERVATION_WINDOW_HOURS * HOUR + HOUR);

/** A whole number of shares of at least 1, from a form field or a number; null otherwise. */
export function parseShareCount(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,9}$/.test(text)) return null;
  const shares = Number(text);
  return shares >= 1 ? shares : null;
}

/** A price per share of at least ₹0.01 with at most two decimals, read by the one rupee parser; null otherwise. */
export function parseSharePrice(value: unknown): Decimal | null {
  const parsed = parseRupees(value, { message: "invalid", min: "0.01", max: NUMERIC_16_2_MAX });
  return parsed.ok ? parsed.value : null;
}

/** The spec's refusal when a quantity is more than what is there, in Indian grouping: "Only 1,480 shares are available". */
export const onlySharesAvailableMessage = (available: number) =>
  `Only ${formatCount(available)} ${available === 1 ? "share is" : "shares are"} available`;

/** Whole days left until `expiresAt`, rounded up; 0 once it has passed. */
export function daysLeft(expiresAt: Date | string, now: Date): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY);
}

/** Whole minutes left until `expiresAt`, rounded up; 0 once it has passed. */
export function minutesLeft(expiresAt: Date | string, now: Date): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / MINUTE);
}

export const isLowStock = (remaining: number) => remaining <= LOW_STOCK_SHARES;

/** An order that can no longer sell (sold out, cancelled, expired): its remaining shares are unsold, not on offer. */
const ENDED_ORDER_STATUSES = new Set(["completed", "sold", "cancelled", "expired"]);

/**
 * How far an order got, in the seller's list: an open one counts what is still on offer
 * ("3 of 5 shares remaining"), an ended one what it sold ("2 of 5 shares sold, 3 unsold").
 */
export function orderProgressText(order: { status: string; sharesToSell: number; remainingShares: number }): string {
  const ofTotal = `of ${formatShares(order.sharesToSell)}`;
  if (!ENDED_ORDER_STATUSES.has(order.status)) return `${formatCount(order.remainingShares)} ${ofTotal} remaining`;
  const sold = `${formatCount(order.sharesToSell - order.remainingShares)} ${ofTotal} sold`;
  return order.remainingShares > 0 ? `${sold}, ${formatCount(order.remainingShares)} unsold` : sold;
}
