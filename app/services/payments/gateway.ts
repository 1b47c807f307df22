import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The payment provider as the app uses it (ADR 0061): one interface, spoken by the Razorpay
 * adapter against Razorpay itself or against the stand-in, which answers the same API.
 * Amounts cross this interface in paise (integers), as the provider's API has them; the
 * domain converts to rupees with its one parser.
 */
export type GatewayOrder = {
  id: string;
  amount: number;
  currency: "INR";
  receipt: string;
  status: "created" | "attempted" | "paid";
};

export type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export type GatewayPayment = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: GatewayPaymentStatus;
  method: string | null;
  errorDescription: string | null;
  /** The recurring token a mandate's authorisation payment created, or a debit charged (ADR 0077). */
  tokenId?: string | null;
};

/** A UPI AutoPay mandate at the provider: a token of a customer, with its recurring state. */
export type GatewayTokenStatus = "initiated" | "confirmed" | "rejected" | "paused" | "cancellation_initiated" | "cancelled";
export type GatewayToken = { id: string; status: GatewayTokenStatus; maxAmount: number | null; failureReason: string | null };
export const TOKEN_EVENTS = ["token.confirmed", "token.rejected", "token.paused", "token.cancelled"] as const;

/** A payout's life at the provider: queued or pending or processing, then processed, reversed, failed (or cancelled, rejected). */
export type GatewayPayoutStatus = "queued" | "pending" | "processing" | "processed" | "reversed" | "cancelled" | "rejected" | "failed";

export type GatewayPayout = {
  id: string;
  fundAccountId: string;
  amount: number;
  status: GatewayPayoutStatus;
  /** The bank's transfer reference, once the bank has it. */
  utr: string | null;
  /** Our payout id, sent as the reference. */
  referenceId: string | null;
  failureReason: string | null;
};

/** Money the provider settled to the escrow account: the payments' total less its fee and the GST on it. */
export type GatewaySettlement = { id: string; amount: number; fees: number; tax: number; utr: string | null; createdAt: Date };

/** A payment as the provider's list has it, with when it was made. */
export type GatewayPaymentRecord = GatewayPayment & { createdAt: Date };

/** A payout as the provider's list has it, with when it was made. */
export type GatewayPayoutRecord = GatewayPayout & { createdAt: Date };

/** A penny drop: ₹1 sent to the account, and what the bank said about it. */
export type BankValidation = {
  id: string;
  fundAccountId: string;
  status: "created" | "completed" | "failed";
  accountStatus: "active" | "invalid" | null;
  registeredName: string | null;
};

export const PAYOUT_EVENTS = [
  "payout.queued",
  "payout.initiated",
  "payout.processed",
  "payout.reversed",
  "payout.failed",
  "payout.rejected",
] as const;
export const VALIDATION_EVENTS = ["fund_account.validation.completed", "fund_account.validation.failed"] as const;

/** A verified webhook, reduced to what the app acts on; anything else is stored and ignored. */
export type GatewayEvent =
  | { kind: "payment.captured" | "payment.failed" | "payment.authorized" | "order.paid"; payment: GatewayPayment; createdAt: Date }
  | { kind: "refund.processed"; refund: { id: string; paymentId: string; amount: number }; createdAt: Date }
  | { kind: (typeof PAYOUT_EVENTS)[number]; payout: GatewayPayout; createdAt: Date }
  | { kind: (typeof VALIDATION_EVENTS)[number]; validation: BankValidation; createdAt: Date }
  | { kind: (typeof TOKEN_EVENTS)[number]; token: GatewayToken; createdAt: Date }
  | { kind: "other"; name: string; createdAt: Date };

/** Where the browser goes to pay: a form posted to the provider's hosted checkout. */
export type CheckoutForm = { action: string; fields: Record<string, string> };

export interface PaymentGateway {
  readonly name: "razorpay";
  /** True when this gateway is the stand-in (development, demo and tests). */
  readonly standIn: boolean;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** The hosted checkout for an order, returning to `callbackUrl` (POST, signed) or `cancelUrl`. */
  checkoutForm(input: {
    orderId: string;
    amountPaise: number;
    description: string;
    email: string;
    callbackUrl: string;
    cancelUrl: string;
  }): CheckoutForm;
  /** The signature the checkout posts back with a payment: HMAC-SHA256(order_id|payment_id, key secret). */
  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** The webhook signature: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  parseWebhook(rawBody: string): GatewayEvent;

  /** A payee (RazorpayX contact) for an investor. */
  createContact(input: { name: string; email: string; referenceId: string }): Promise<{ id: string }>;
  /** The investor's bank account at the provider: the full number goes there and nowhere else. */
  createBankFundAccount(input: { contactId: string; name: string; ifsc: string; accountNumber: string }): Promise<{ id: string }>;
  /** A penny drop to the fund account; the answer may come at once or later (fetch or webhook). */
  validateFundAccount(input: { fundAccountId: string; referenceId: string }): Promise<BankValidation>;
  fetchValidation(validationId: string): Promise<BankValidation>;
  /** A payout; the same idempotency key always answers the same payout, never a second one. */
  createPayout(input: {
    fundAccountId: string;
    amountPaise: number;
    referenceId: string;
    narration: string;
    idempotencyKey: string;
  }): Promise<GatewayPayout>;
  fetchPayout(payoutId: string): Promise<GatewayPayout>;
  /** The provider's own record for reconciliation (ADR 0064): payments, payouts and settlements made in a window. */
  listPayments(window: { from: Date; to: Date }): Promise<GatewayPaymentRecord[]>;
  listPayouts(window: { from: Date; to: Date }): Promise<GatewayPayoutRecord[]>;
  listSettlements(window: { from: Date; to: Date }): Promise<GatewaySettlement[]>;
  /** A customer to hang recurring tokens on; the same e-mail answers the same customer. */
  createCustomer(input: { name: string; email: string; contact: string | null }): Promise<{ id: string }>;
  /**
   * The order whose payment registers a UPI AutoPay mandate: `method: upi` and a `token` with
   * the most a debit may be, monthly, until `expireAt`; `amountPaise` is the authorisation payment.
   */
  createMandateOrder(input: {
    customerId: string;
    amountPaise: number;
    maxAmountPaise: number;
    expireAt: Date;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** The hosted checkout for a mandate's authorisation (`recurring=1`, the customer), like `checkoutForm`. */
  mandateCheckoutForm(input: {
    orderId: string;
    customerId: string;
    amountPaise: number;
    description: string;
    email: string;
    callbackUrl: string;
    cancelUrl: string;
  }): CheckoutForm;
  fetchToken(input: { customerId: string; tokenId: string }): Promise<GatewayToken>;
  /** Charges a confirmed token for an order made for this debit; the outcome comes by webhook (or fetchPayment). */
  createRecurringPayment(input: {
    orderId: string;
    customerId: string;
    tokenId: string;
    amountPaise: number;
    email: string;
    contact: string | null;
    description: string;
  }): Promise<{ paymentId: string; orderId: string }>;
  /** Cancels the mandate at NPCI through the provider; a token already cancelled is not an error. */
  cancelToken(input: { customerId: string; tokenId: string }): Promise<GatewayToken>;
  /** Gives a captured payment (or part of it) back to the payer. */
  refundPayment(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<{ id: string; amount: number }>;
}

export function hmacHex(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text, "utf8").digest("hex");
}

/** Compares a signature in constant time; anything malformed is simply unequal. */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const a = Buffer.from(expected, "hex");
  const b = Buffer.from(given.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
