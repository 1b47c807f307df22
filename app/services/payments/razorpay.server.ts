import { z } from "zod";
import {
  GatewayError,
  hmacHex,
  sameSignature,
  type CheckoutForm,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type PaymentGateway,
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
});

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

function toPayment(entity: z.infer<typeof paymentEntity>): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    amount: entity.amount,
    currency: entity.currency,
    status: entity.status,
    method: entity.method ?? null,
    errorDescription: entity.error_description ?? null,
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

  async function call(method: "GET" | "POST", path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: auth, ...(body ? { "Content-Type": "application/json" } : {}) },
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
    checkoutForm({ orderId, amountPaise, description, email, callbackUrl, cancelUrl }): CheckoutForm {
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
    },
    verifyCheckout({ orderId, paymentId, signature }) {
      return sameSignature(hmacHex(settings.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhook(rawBody, signature) {
      return sameSignature(hmacHex(settings.webhookSecret, rawBody), signature);
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
