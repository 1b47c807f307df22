import { KYC_REQUIRED_MESSAGE } from "~/lib/investing/invest-eligibility";
import type { PurchaseProblemCode } from "~/lib/investing/validate-purchase";
import { DomainError } from "~/domain/errors";

export type PurchaseErrorCode =
  | "not_signed_in"
  | "kyc_required"
  | "property_not_found"
  | "property_not_open"
  | "trading_stopped"
  | "invalid_purchase"
  | "insufficient_balance"
  | "shares_unavailable"
  | "duplicate"
  | "concurrent"
  | "review_changed"
  | "failed";

const STATUS_BY_CODE: Partial<Record<PurchaseErrorCode, number>> = {
  invalid_purchase: 400,
  review_changed: 400,
  property_not_found: 404,
  failed: 500,
};

/**
 * A purchase refused or failed. The message is the spec's wording for the investment
 * page and is safe to show; `code` lets a route pick the follow-up (KYC → /kyc,
 * balance → the wallet) without matching text. A broken form rule belongs to the shares
 * field; the others are about the purchase as a whole (409 unless said otherwise).
 */
export class PurchaseError extends DomainError<PurchaseErrorCode> {
  constructor(code: PurchaseErrorCode, message: string) {
    super(code, message, STATUS_BY_CODE[code] ?? 409, code === "invalid_purchase" ? "shares" : undefined);
  }
}

export class NotSignedInError extends PurchaseError {
  constructor() {
    super("not_signed_in", "Please sign in to start investing");
  }
}

export class KycRequiredError extends PurchaseError {
  constructor() {
    super("kyc_required", KYC_REQUIRED_MESSAGE);
  }
}

export class PropertyNotFoundError extends PurchaseError {
  constructor() {
    super("property_not_found", "Property Not Found");
  }
}

export class PropertyNotOpenError extends PurchaseError {
  constructor() {
    super("property_not_open", "This property is not open for investment.");
  }
}

/** One of the form's rules (shares, minimum, maximum), with the same message the form shows. */
export class InvalidPurchaseError extends PurchaseError {
  constructor(
    readonly problem: PurchaseProblemCode,
    message: string,
  ) {
    super("invalid_purchase", message);
  }
}

export class InsufficientBalanceError extends PurchaseError {
  constructor() {
    super("insufficient_balance", "Insufficient wallet balance. Please add funds.");
  }
}

/**
 * The confirm form's reviewed total is not what this purchase would charge (a hand-edited
 * form, or a price that moved since the review): nothing is bought, and the review is shown again.
 */
export class ReviewChangedError extends PurchaseError {
  constructor() {
    super("review_changed", "The amount to pay is not the one you reviewed. Please check the new review and confirm again.");
  }
}

export class SharesUnavailableError extends PurchaseError {
  constructor() {
    super("shares_unavailable", "Not enough shares available. Please reduce your quantity.");
  }
}

export class DuplicatePurchaseError extends PurchaseError {
  constructor() {
    super("duplicate", "This transaction is already being processed.");
  }
}

export class ConcurrentPurchaseError extends PurchaseError {
  constructor() {
    super("concurrent", "Multiple purchases detected. Please try again.");
  }
}

export class PurchaseFailedError extends PurchaseError {
  constructor() {
    super("failed", "Unable to complete your investment. Please try again.");
  }
}

/** The property's sale was agreed (ADR 0071): its shares are no longer sold. */
export class TradingStoppedError extends PurchaseError {
  constructor() {
    super("trading_stopped", "This property is being sold, so new purchases of its shares have stopped.");
  }
}
