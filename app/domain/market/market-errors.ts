import { DomainError } from "~/domain/errors";
import { formatShares } from "~/lib/formats";
import { formatINR } from "~/lib/money";

/** The spec's wording for every refusal of the secondary market (spec 000 §5, §8; 001 §8). */
export const MARKET_MESSAGES = {
  sellingDisabled: "Share selling is not yet enabled for this property. Contact admin if you wish to sell your shares.",
  tradingDisabled: "Trading is not enabled for this property yet.",
  tierTooLow: "You must be a waitlist player or higher to purchase shares. Please upgrade your account.",
  ownOrder: "You cannot buy from your own sell order.",
  orderInactive: "This sell order is no longer active.",
  notEnoughShares: "Not enough shares available. Please reduce your quantity.",
  duplicate: "This purchase is already being processed.",
  keyReused: "This form was already used for a different request. Reload the page and try again.",
  concurrent: "Multiple purchases detected. Please try again.",
  invalidShares: "Please enter a valid number of shares",
  invalidPrice: "Price per share must be at least ₹0.01, in steps of ₹0.01",
  holdNotFound: "Hold not found",
  holdExpired: "This hold has expired.",
  holdClosed: "This hold is no longer open.",
  alreadyConfirmed: "You have already confirmed this hold.",
  buyerNotConfirmed: "The buyer has not confirmed this hold yet.",
  orderNotFound: "Sell request not found",
  reservationNotFound: "Reservation not found",
  reservationClosed: "This reservation has already been settled or released.",
  reservationExpired: "This reservation has expired and its funds were released.",
  propertyNotFound: "Property not found",
  tradingStopped: "This property is being sold, so trading in its shares has stopped.",
} as const;

export class MarketError extends DomainError {}

export const marketError = (code: keyof typeof MARKET_MESSAGES, status = 409, field?: string) =>
  new MarketError(code, MARKET_MESSAGES[code], status, field);

export function ownsTooFewError(free: number, wanted: number): MarketError {
  return new MarketError("owns_too_few", `You only own ${formatShares(free)}, cannot sell ${formatShares(wanted)}`, 422, "shares");
}

export function insufficientFundsError(balance: string, required: string): MarketError {
  return new MarketError(
    "insufficient_funds",
    `Insufficient wallet balance. Your balance is ${formatINR(balance, { paise: true })} and this purchase needs ${formatINR(required, { paise: true })}. Please add funds to your wallet.`,
    422,
  );
}

/**
 * A repeated submit of a form already carried out: nothing changed, and `link` points to
 * what the first submit produced (the hold or the trade).
 */
export class DuplicateSubmitError extends MarketError {
  constructor(readonly link: { kind: "hold" | "order" | "trade" | "buy-order"; id: string }) {
    super("duplicate", MARKET_MESSAGES.duplicate, 409);
  }
}
