import { z } from "zod";
import {
  GatewayError,
  hmacHex,
  sameSignature,
  type CheckoutForm,
  PAYOUT_EVENTS,
  VALIDATION_EVENTS,
  type BankValidation,
  type GatewayEvent,
  type GatewayPayout,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayToken,
  type PaymentGateway,
  TOKEN_EVENTS,
} from "./gateway";

export type RazorpaySettings = {
  /** https://api.razorpay.com, or the stand-in's address. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  standIn: boolean;
  /** Where the browser reaches the hosted checkout, when not at baseUrl (the stand-in the app serves). */
  checkoutBaseUrl?: string;
  /** The RazorpayX business account payouts and penny drops are made from. */
  payoutAccountNumber?: string;
  /** A provider call that takes longer fails (the caller shows a retryable error). */
  timeoutMs?: number;
};

const paymentEntity = z.object({
  id: z.string().min(1).max(255),
  order_id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  method: z.string().max(32).nullish(),
  error_description: z.string().max(500).nullish(),
  token_id: z.string().max(255).nullish(),
});

const tokenEntity = z.object({
  id: z.string().min(1).max(255),
  max_amount: z.number().int().nullish(),
  recurring_details: z.object({
    status: z.enum(["initiated", "confirmed", "rejected", "paused", "cancellation_initiated", "cancelled"]),
    failure_reason: z.string().max(500).nullish(),
  }),
});

const recurringAnswer = z.object({ razorpay_payment_id: z.string().min(1).max(255), razorpay_order_id: z.string().min(1).max(255) });

function toToken(entity: z.infer<typeof tokenEntity>): GatewayToken {
  return {
    id: entity.id,
    status: entity.recurring_details.status,
    maxAmount: entity.max_amount ?? null,
    failureReason: entity.recurring_details.failure_reason ?? null,
  };
}

const orderEntity = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  currency: z.literal("INR"),
  receipt: z.string().max(40),
  status: z.enum(["created", "attempted", "paid"]),
});

const webhookBody = z.object({
  entity: z.literal("event"),
  event: z.string().min(1).max(255),
  created_at: z.number().int().positive(),
  payload: z.record(z.string(), z.object({ entity: z.record(z.string(), z.unknown()) })),
});

const refundEntity = z.object({
  id: z.string().min(1).max(255),
  payment_id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
});

const payoutEntity = z.object({
  id: z.string().min(1).max(255),
  fund_account_id: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  status: z.enum(["queued", "pending", "processing", "processed", "reversed", "cancelled", "rejected", "failed"]),
  utr: z.string().max(64).nullish(),
  reference_id: z.string().max(64).nullish(),
  failure_reason: z.string().max(500).nullish(),
  status_details: z.object({ description: z.string().max(500).nullish() }).nullish(),
});

const validationEntity = z.object({
  id: z.string().min(1).max(255),
  fund_account: z.object({ id: z.string().min(1).max(255) }),
  status: z.enum(["created", "completed", "failed"]),
  results: z.object({ account_status: z.enum(["active", "invalid"]).nullish(), registered_name: z.string().max(200).nullish() }).nullish(),
});

const settlementEntity = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  fees: z.number().int().nonnegative(),
  tax: z.number().int().nonnegative(),
  utr: z.string().max(64).nullish(),
  created_at: z.number().int().positive(),
});
const timestamped = z.object({ created_at: z.number().int().positive() });
const collection = z.object({ items: z.array(z.unknown()) });
/** Razorpay's list calls answer at most 100 items a page. */
const PAGE = 100;
const MAX_PAGES = 100;

const idEntity = z.object({ id: z.string().min(1).max(255) });

function toPayout(entity: z.infer<typeof payoutEntity>): GatewayPayout {
  return {
    id: entity.id,
    fundAccountId: entity.fund_account_id,
    amount: entity.amount,
    status: entity.status,
    utr: entity.utr ?? null,
    referenceId: entity.reference_id ?? null,
    failureReason: entity.failure_reason ?? entity.status_details?.description ?? null,
  };
}

function toValidation(entity: z.infer<typeof validationEntity>): BankValidation {
  return {
    id: entity.id,
    fundAccountId: entity.fund_account.id,
    status: entity.status,
    accountStatus: entity.results?.account_status ?? null,
    registeredName: entity.results?.registered_name ?? null,
  };
}

function read<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new GatewayError(`payment provider sent ${what} the app cannot read`);
  return parsed.data;
}

function toPayment(entity: z.infer<typeof paymentEntity>): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    amount: entity.amount,
    currency: entity.currency,
    status: entity.status,
    method: entity.method ?? null,
    errorDescription: entity.error_description ?? null,
    tokenId: entity.token_id ?? null,
  };
}

/**
 * Razorpay's REST API (orders, payments), hosted checkout and webhook format, over fetch
 * with HTTP Basic auth (key id and secret). The keys never leave this module but in the
 * Authorization header; errors name the call and the status, never a key.
 */
export function razorpayGateway(settings: RazorpaySettings): PaymentGateway {
  const base = settings.baseUrl.replace(/\/$/, "");
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  async function call(method: "GET" | "POST" | "PUT", path: string, body?: object, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: auth, ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new GatewayError(
        `payment provider unreachable (${method} ${path.split("/").slice(0, 3).join("/")}): ${(error as Error).message}`,
      );
    }
    const text = await response.text();
    if (!response.ok)
      throw new GatewayError(
        `payment provider answered ${response.status} to ${method} ${path.split("/").slice(0, 3).join("/")}`,
        response.status,
      );
    try {
      return JSON.parse(text);
    } catch {
      throw new GatewayError(`payment provider sent an unreadable answer to ${method}`);
    }
  }

  /** Every item of a list call in a time window, page by page. */
  async function list(path: string, window: { from: Date; to: Date }, extra: Record<string, string> = {}): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({
        ...extra,
        from: String(Math.floor(window.from.getTime() / 1000)),
        to: String(Math.floor(window.to.getTime() / 1000)),
        count: String(PAGE),
        skip: String(page * PAGE),
      });
      const answer = read(collection, await call("GET", `${path}?${query}`), "a list");
      items.push(...answer.items);
      if (answer.items.length < PAGE) return items;
    }
    throw new GatewayError(`payment provider listed more than ${PAGE * MAX_PAGES} items for ${path}`);
  }

  function checkoutForm({
    orderId,
    amountPaise,
    description,
    email,
    callbackUrl,
    cancelUrl,
  }: Parameters<PaymentGateway["checkoutForm"]>[0]): CheckoutForm {
    return {
      action: `${(settings.checkoutBaseUrl ?? base).replace(/\/$/, "")}/v1/checkout/embedded`,
      fields: {
        key_id: settings.keyId,
        order_id: orderId,
        amount: String(amountPaise),
        currency: "INR",
        name: "Aangan",
        description,
        "prefill[email]": email,
        callback_url: callbackUrl,
        cancel_url: cancelUrl,
      },
    };
  }

  return {
    name: "razorpay",
    standIn: settings.standIn,
    async createOrder({ amountPaise, receipt, notes }): Promise<GatewayOrder> {
      const answer = orderEntity.safeParse(await call("POST", "/v1/orders", { amount: amountPaise, currency: "INR", receipt, notes }));
      if (!answer.success) throw new GatewayError("payment provider sent an order the app cannot read");
      return answer.data;
    },
    async fetchPayment(paymentId): Promise<GatewayPayment> {
      const answer = paymentEntity.safeParse(await call("GET", `/v1/payments/${encodeURIComponent(paymentId)}`));
      if (!answer.success) throw new GatewayError("payment provider sent a payment the app cannot read");
      return toPayment(answer.data);
    },
    checkoutForm,
    verifyCheckout({ orderId, paymentId, signature }) {
      return sameSignature(hmacHex(settings.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhook(rawBody, signature) {
      return sameSignature(hmacHex(settings.webhookSecret, rawBody), signature);
    },
    async createContact({ name, email, referenceId }) {
      return read(idEntity, await call("POST", "/v1/contacts", { name, email, type: "customer", reference_id: referenceId }), "a contact");
    },
    async createBankFundAccount({ contactId, name, ifsc, accountNumber }) {
      const body = { contact_id: contactId, account_type: "bank_account", bank_account: { name, ifsc, account_number: accountNumber } };
      return read(idEntity, await call("POST", "/v1/fund_accounts", body), "a fund account");
    },
    async validateFundAccount({ fundAccountId, referenceId }) {
      const body = {
        account_number: settings.payoutAccountNumber ?? "",
        fund_account: { id: fundAccountId },
        amount: 100,
        currency: "INR",
        notes: { reference: referenceId },
      };
      return toValidation(read(validationEntity, await call("POST", "/v1/fund_accounts/validations", body), "a validation"));
    },
    async fetchValidation(validationId) {
      const answer = await call("GET", `/v1/fund_accounts/validations/${encodeURIComponent(validationId)}`);
      return toValidation(read(validationEntity, answer, "a validation"));
    },
    async createPayout({ fundAccountId, amountPaise, referenceId, narration, idempotencyKey }) {
      const body = {
        account_number: settings.payoutAccountNumber ?? "",
        fund_account_id: fundAccountId,
        amount: amountPaise,
        currency: "INR",
        mode: "IMPS",
        purpose: "payout",
        queue_if_low_balance: true,
        reference_id: referenceId,
        narration: narration.replace(/[^A-Za-z0-9 ]/g, " ").slice(0, 30),
      };
      const answer = await call("POST", "/v1/payouts", body, { "X-Payout-Idempotency": idempotencyKey });
      return toPayout(read(payoutEntity, answer, "a payout"));
    },
    async fetchPayout(payoutId) {
      return toPayout(read(payoutEntity, await call("GET", `/v1/payouts/${encodeURIComponent(payoutId)}`), "a payout"));
    },
    async listPayments(window) {
      const pages = await list("/v1/payments", window);
      return pages.map((item) => ({
        ...toPayment(read(paymentEntity, item, "a payment")),
        createdAt: new Date(read(timestamped, item, "a payment").created_at * 1000),
      }));
    },
    async listPayouts(window) {
      const pages = await list("/v1/payouts", window, { account_number: settings.payoutAccountNumber ?? "" });
      return pages.map((item) => ({
        ...toPayout(read(payoutEntity, item, "a payout")),
        createdAt: new Date(read(timestamped, item, "a payout").created_at * 1000),
      }));
    },
    async listSettlements(window) {
      const pages = await list("/v1/settlements", window);
      return pages.map((item) => {
        const settlement = read(settlementEntity, item, "a settlement");
        return { ...settlement, utr: settlement.utr ?? null, createdAt: new Date(settlement.created_at * 1000) };
      });
    },
    async createCustomer({ name, email, contact }) {
      // fail_existing "0": an existing customer with this e-mail and contact is answered, not refused.
      const body = { name: name.slice(0, 50), email, ...(contact ? { contact } : {}), fail_existing: "0" };
      return read(idEntity, await call("POST", "/v1/customers", body), "a customer");
    },
    async createMandateOrder({ customerId, amountPaise, maxAmountPaise, expireAt, receipt, notes }) {
      const body = {
        amount: amountPaise,
        currency: "INR",
        customer_id: customerId,
        method: "upi",
        receipt,
        notes,
        token: { max_amount: maxAmountPaise, expire_at: Math.floor(expireAt.getTime() / 1000), frequency: "monthly" },
      };
      return read(orderEntity, await call("POST", "/v1/orders", body), "an order");
    },
    mandateCheckoutForm({ orderId, customerId, amountPaise, description, email, callbackUrl, cancelUrl }): CheckoutForm {
      const form = checkoutForm({ orderId, amountPaise, description, email, callbackUrl, cancelUrl });
      return { action: form.action, fields: { ...form.fields, customer_id: customerId, recurring: "1" } };
    },
    async fetchToken({ customerId, tokenId }) {
      const answer = await call("GET", `/v1/customers/${encodeURIComponent(customerId)}/tokens/${encodeURIComponent(tokenId)}`);
      return toToken(read(tokenEntity, answer, "a token"));
    },
    async createRecurringPayment({ orderId, customerId, tokenId, amountPaise, email, contact, description }) {
      const body = {
        email,
        ...(contact ? { contact } : {}),
        amount: amountPaise,
        currency: "INR",
        order_id: orderId,
        customer_id: customerId,
        token: tokenId,
        recurring: "1",
        description,
      };
      const answer = read(recurringAnswer, await call("POST", "/v1/payments/create/recurring", body), "a recurring payment");
      return { paymentId: answer.razorpay_payment_id, orderId: answer.razorpay_order_id };
    },
    async cancelToken({ customerId, tokenId }) {
      const answer = await call("PUT", `/v1/customers/${encodeURIComponent(customerId)}/tokens/${encodeURIComponent(tokenId)}/cancel`);
      return toToken(read(tokenEntity, answer, "a token"));
    },
    async refundPayment({ paymentId, amountPaise, receipt }) {
      const answer = await call("POST", `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount: amountPaise, receipt });
      const refund = read(refundEntity, answer, "a refund");
      return { id: refund.id, amount: refund.amount };
    },
    parseWebhook(rawBody): GatewayEvent {
      const body = webhookBody.parse(JSON.parse(rawBody));
      const createdAt = new Date(body.created_at * 1000);
      const payment = body.payload.payment ? paymentEntity.safeParse(body.payload.payment.entity) : null;
      switch (body.event) {
        case "payment.captured":
        case "payment.failed":
        case "payment.authorized":
        case "order.paid":
          if (!payment?.success) return { kind: "other", name: body.event, createdAt };
          return { kind: body.event, payment: toPayment(payment.data), createdAt };
        case "payout.queued":
        case "payout.initiated":
        case "payout.processed":
        case "payout.reversed":
        case "payout.failed":
        case "payout.rejected": {
          const payout = body.payload.payout ? payoutEntity.safeParse(body.payload.payout.entity) : null;
          if (!payout?.success || !PAYOUT_EVENTS.includes(body.event)) return { kind: "other", name: body.event, createdAt };
          return { kind: body.event, payout: toPayout(payout.data), createdAt };
        }
        case "fund_account.validation.completed":
        case "fund_account.validation.failed": {
          const entity = body.payload["fund_account.validation"] ?? body.payload.fund_account_validation;
          const validation = entity ? validationEntity.safeParse(entity.entity) : null;
          if (!validation?.success || !VALIDATION_EVENTS.includes(body.event)) return { kind: "other", name: body.event, createdAt };
          return { kind: body.event, validation: toValidation(validation.data), createdAt };
        }
        case "token.confirmed":
        case "token.rejected":
        case "token.paused":
        case "token.cancelled": {
          const token = body.payload.token ? tokenEntity.safeParse(body.payload.token.entity) : null;
          if (!token?.success || !TOKEN_EVENTS.includes(body.event)) return { kind: "other", name: body.event, createdAt };
          return { kind: body.event, token: toToken(token.data), createdAt };
        }
        case "refund.processed": {
          const refund = body.payload.refund ? refundEntity.safeParse(body.payload.refund.entity) : null;
          if (!refund?.success) return { kind: "other", name: body.event, createdAt };
          return {
            kind: "refund.processed",
            refund: { id: refund.data.id, paymentId: refund.data.payment_id, amount: refund.data.amount },
            createdAt,
          };
        }
        default:
          return { kind: "other", name: body.event, createdAt };
      }
    },
  };
}
