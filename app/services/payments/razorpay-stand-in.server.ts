import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, randomBytes } from "node:crypto";
import { Decimal, formatINR } from "~/lib/money";
import { hmacHex } from "./gateway";
import { listWindow, page as listPage, razorpayXStandIn } from "./razorpayx-stand-in.server";
import { standInBooks, standInFee, type BookEntry } from "./stand-in-books.server";

/**
 * A stand-in for Razorpay that speaks the part of its API the app uses (ADR 0061): orders
 * and payments over Basic auth, the hosted checkout (`/v1/checkout/embedded`) where the payer
 * chooses success, failure or "pending, then success", the signed return to the merchant's
 * callback URL, and signed webhooks sent to the merchant. Served by the app itself in
 * development and demo mode, and by the tests as its own HTTP server.
 *
 * It keeps no state: an order id carries its amount and receipt, a payment id its order,
 * amount, method and outcome, each signed with the key secret, so any app process (or a
 * restarted one) answers for any id. Test controls live under `/_stand-in/`: pay an order
 * without a browser (optionally with another amount), and re-send a payment's webhooks
 * (`/_stand-in/resend`: `times` at once, `reverse` for the opposite order, `event` for one
 * kind, `delay_ms` to deliver them late).
 */
export type StandInSettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (the app's /webhooks/razorpay); none: no webhooks are sent. */
  webhookUrl?: string;
  /** The path the stand-in is served under ("" when it is a server of its own). */
  basePath?: string;
  /** How long a "pending, then success" payment stays authorized before it is captured. */
  pendingMs?: number;
  /** How long a payout stays processing before the bank answers (ADR 0064). */
  payoutMs?: number;
  /** Where the stand-in keeps the books its list calls answer from (a JSON-lines file); in memory when absent. */
  booksFile?: string;
  /** Tests: each day's captures settle at once (just after the day's last one) instead of at the next midnight. */
  settleAtOnce?: boolean;
};

type Outcome = "success" | "failure" | "pending";
type OrderFacts = { a: number; t: number };
/** `t`: when the payment was made, in milliseconds. */
type PaymentFacts = { o: string; a: number; m: string; s: Outcome; t: number };
const OUTCOME_CODES: Record<Outcome, string> = { success: "s", failure: "f", pending: "p" };

const MAX_BODY = 64 * 1024;

export function razorpayStandIn(settings: StandInSettings) {
  const base = settings.basePath ?? "";
  const pendingMs = settings.pendingMs ?? 3_000;

  // Ids carry their facts in base 36 and a short signature: "order_<amount>-<time>-<nonce>.<sig>",
  // "pay_<order core>~<amount>~<method><outcome>~<time>.<sig>".
  const sign = (prefix: string, core: string) => hmacHex(settings.keySecret, `${prefix}:${core}`).slice(0, 10);
  const seal = (prefix: string, core: string) => `${prefix}_${core}.${sign(prefix, core)}`;
  function unseal(prefix: string, id: string): string | null {
    const match = new RegExp(`^${prefix}_([a-z0-9~-]+)\\.([0-9a-f]{10})$`).exec(id);
    return match && sign(prefix, match[1]!) === match[2] ? match[1]! : null;
  }
  function sealOrder(order: OrderFacts): string {
    return seal("order", `${order.a.toString(36)}-${order.t.toString(36)}-${randomBytes(4).readUInt32BE().toString(36)}`);
  }
  function openOrder(id: string): OrderFacts | null {
    const core = unseal("order", id);
    const parts = core?.split("-");
    if (!parts || parts.length !== 3) return null;
    return { a: parseInt(parts[0]!, 36), t: parseInt(parts[1]!, 36) };
  }
  function sealPayment(payment: PaymentFacts): string {
    const orderCore = unseal("order", payment.o)!;
    return seal(
      "pay",
      `${orderCore}~${payment.a.toString(36)}~${payment.m === "netbanking" ? "n" : "u"}${OUTCOME_CODES[payment.s]}~${payment.t.toString(36)}`,
    );
  }
  function openPayment(id: string): PaymentFacts | null {
    const core = unseal("pay", id);
    const parts = core?.split("~");
    if (!parts || parts.length !== 4) return null;
    const [orderCore, amount, codes, time] = parts as [string, string, string, string];
    const outcome = (Object.keys(OUTCOME_CODES) as Outcome[]).find((key) => OUTCOME_CODES[key] === codes[1]);
    if (!outcome) return null;
    return {
      o: seal("order", orderCore),
      a: parseInt(amount, 36),
      m: codes[0] === "n" ? "netbanking" : "upi",
      s: outcome,
      t: parseInt(time, 36),
    };
  }

  const orderEntity = (id: string, order: OrderFacts) => ({
    id,
    entity: "order",
    amount: order.a,
    amount_paid: 0,
    amount_due: order.a,
    currency: "INR",
    receipt: "",
    status: "created",
    attempts: 0,
    notes: {},
    created_at: order.t,
  });

  function paymentEntity(id: string, payment: PaymentFacts, now = Date.now()) {
    const status = payment.s === "failure" ? "failed" : payment.s === "pending" && now < payment.t + pendingMs ? "authorized" : "captured";
    return {
      id,
      entity: "payment",
      amount: payment.a,
      currency: "INR",
      status,
      order_id: payment.o,
      method: payment.m,
      captured: status === "captured",
      error_description:
        status === "failed"
          ? payment.m === "upi" && tokenOfOrder(payment.o)
            ? "The payer declined the UPI AutoPay mandate (stand-in)"
            : "Payment was declined by the payer's bank (stand-in)"
          : null,
      token_id: tokenOfOrder(payment.o)?.id ?? debitToken.get(payment.o) ?? null,
      recurring: tokenOfOrder(payment.o) !== undefined || debitToken.has(payment.o),
      created_at: Math.floor(payment.t / 1000),
    };
  }

  function pay(orderId: string, outcome: Outcome, options: { amount?: number; method?: string } = {}) {
    const order = openOrder(orderId);
    if (!order) return null;
    const facts: PaymentFacts = {
      o: orderId,
      a: options.amount ?? order.a,
      m: options.method ?? "upi",
      s: outcome,
      // Milliseconds: a pending payment's capture is reported exactly pendingMs after it was
      // made, as its delayed webhooks are (in seconds it could read captured almost at once).
      t: Date.now(),
    };
    const id = sealPayment(facts);
    book(id, facts);
    return { id, facts, order, signature: hmacHex(settings.keySecret, `${orderId}|${id}`) };
  }

  /** The events a payment sends, in the order Razorpay sends them. */
  function eventsFor(paymentId: string, facts: PaymentFacts, order: OrderFacts, stage: "now" | "later") {
    const at = Date.now() + (stage === "later" ? pendingMs : 0);
    const payment = paymentEntity(paymentId, facts, at);
    if (facts.s === "failure") return stage === "now" ? [eventBody("payment.failed", { payment })] : [];
    const captured = [
      eventBody("payment.captured", { payment }),
      eventBody("order.paid", { payment, order: { ...orderEntity(facts.o, order), status: "paid", amount_paid: facts.a, amount_due: 0 } }),
    ];
    if (facts.s === "pending") return stage === "now" ? [eventBody("payment.authorized", { payment })] : captured;
    return stage === "now"
      ? [eventBody("payment.authorized", { payment: { ...payment, status: "authorized", captured: false } }), ...captured]
      : [];
  }

  function eventBody(event: string, entities: Record<string, object>) {
    const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }]));
    const subject = (entities.payment as { id?: string } | undefined)?.id ?? (entities.token as { id?: string } | undefined)?.id ?? "";
    return {
      id: `evt_${createHash("sha256").update(`${event}:${subject}`).digest("hex").slice(0, 14)}`,
      body: JSON.stringify({
        entity: "event",
        account_id: "acc_StandIn0000001",
        event,
        contains: Object.keys(entities),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      }),
    };
  }

  async function deliver(events: { id: string; body: string }[]): Promise<number[]> {
    if (!settings.webhookUrl) return [];
    const statuses: number[] = [];
    for (const event of events) {
      try {
        const response = await fetch(settings.webhookUrl, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": hmacHex(settings.webhookSecret, event.body),
            "X-Razorpay-Event-Id": event.id,
          },
          body: event.body,
          signal: AbortSignal.timeout(15_000),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch {
        statuses.push(0);
      }
    }
    return statuses;
  }

  /** Sends a payment's webhooks now, and a pending payment's capture after its delay. */
  function announce(paymentId: string, facts: PaymentFacts, order: OrderFacts) {
    const now = deliver(eventsFor(paymentId, facts, order, "now"));
    if (facts.s === "pending") setTimeout(() => void deliver(eventsFor(paymentId, facts, order, "later")), pendingMs).unref();
    return now;
  }

  const books = standInBooks(settings.booksFile);
  const razorpayX = razorpayXStandIn({ keySecret: settings.keySecret, pendingMs: settings.payoutMs ?? pendingMs, deliver, books });

  /** A captured payment goes into the books when it is captured (a pending one, after its delay). */
  function book(id: string, facts: PaymentFacts) {
    if (facts.s === "failure") return;
    const at = facts.s === "pending" ? facts.t + pendingMs : facts.t;
    books.record({ kind: "payment", id, orderId: facts.o, amount: facts.a, method: facts.m, at });
  }

  /** The day's settlement of what was captured (India days): paid out the next midnight, less the fee and its GST. */
  function settlements(now = Date.now()) {
    const byDay = new Map<number, { amount: number; fees: number; tax: number; last: number }>();
    for (const payment of books.current("payment", now)) {
      const dayEnd = indiaDayEnd(payment.at);
      if (dayEnd > now && !settings.settleAtOnce) continue;
      const { fee, tax } = standInFee(payment.amount);
      const day = byDay.get(dayEnd) ?? { amount: 0, fees: 0, tax: 0, last: 0 };
      byDay.set(dayEnd, {
        amount: day.amount + payment.amount - fee - tax,
        fees: day.fees + fee,
        tax: day.tax + tax,
        last: Math.max(day.last, payment.at),
      });
    }
    return [...byDay.entries()].map(([dayEnd, { last, ...totals }]) => {
      const settledAt = settings.settleAtOnce ? last + 1 : dayEnd;
      return {
        id: `setl_${sign("setl", `${dayEnd}:${settledAt}`)}`,
        entity: "settlement",
        ...totals,
        status: "processed",
        utr: `SETL${String(dayEnd).slice(-10)}`,
        created_at: Math.floor(settledAt / 1000),
      };
    });
  }

  // UPI AutoPay (ADR 0077). Tokens are the one thing the stand-in must remember (their state
  // changes), so they live in the books; a token's id is derived from its authorisation order.
  const tokenIdFor = (orderId: string) =>
    `token_${sign("token", orderId)}${createHash("sha256").update(orderId).digest("hex").slice(0, 4)}`;
  const tokenOfOrder = (orderId: string) => books.current("token").find((token) => token.orderId === orderId);
  const tokenById = (tokenId: string) => books.current("token").find((token) => token.id === tokenId);
  const mandateOrder = (orderId: string) => books.current("mandate-order").find((order) => order.id === orderId);
  /** The debit orders charged against a token in this process, for their payments' token_id. */
  const debitToken = new Map<string, string>();

  function tokenEntity(token: Extract<BookEntry, { kind: "token" }>) {
    return {
      id: token.id,
      entity: "token",
      token: sign("vpa-token", token.id),
      bank: null,
      wallet: null,
      method: "upi",
      vpa: { username: "standin", handle: "upi", name: "STAND-IN PAYER", status: "valid" },
      recurring: true,
      recurring_details: {
        status: token.status,
        failure_reason: token.status === "rejected" ? "The payer declined the mandate (stand-in)" : null,
      },
      auth_type: null,
      mrn: null,
      used_at: null,
      max_amount: token.maxAmount,
      frequency: "monthly",
      created_at: Math.floor(token.createdAt / 1000),
    };
  }

  /** The payer approves or declines a mandate: the authorisation payment, the token, their webhooks. */
  function decideMandate(orderId: string, approve: boolean, debits: "success" | "failure") {
    const order = mandateOrder(orderId);
    if (!order || tokenOfOrder(orderId)) return null;
    const now = Date.now();
    const token = {
      kind: "token" as const,
      id: tokenIdFor(orderId),
      customerId: order.customerId,
      orderId,
      maxAmount: order.maxAmount,
      status: approve ? ("confirmed" as const) : ("rejected" as const),
      debits,
      createdAt: now,
      at: now,
    };
    books.record(token);
    const paid = pay(orderId, approve ? "success" : "failure")!;
    const events = async () => [
      ...(await announce(paid.id, paid.facts, paid.order)),
      ...(await deliver([eventBody(approve ? "token.confirmed" : "token.rejected", { token: tokenEntity(token) })])),
    ];
    return { paid, token, events };
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    const expected = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;
    return header === expected;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (base && !url.pathname.startsWith(`${base}/`)) return false;
    const path = url.pathname.slice(base.length);
    const send = (status: number, body: unknown, type = "application/json") => {
      res.statusCode = status;
      res.setHeader("Content-Type", type === "application/json" ? "application/json" : `${type}; charset=utf-8`);
      res.setHeader("Cache-Control", "no-store");
      res.end(type === "application/json" ? JSON.stringify(body) : String(body));
      return true;
    };
    const apiError = (status: number, description: string) => send(status, { error: { code: "BAD_REQUEST_ERROR", description } });

    let raw = "";
    if (req.method === "POST") {
      try {
        raw = await readBody(req);
      } catch {
        return apiError(413, "request body too large");
      }
    }
    const form = () => new URLSearchParams(raw);
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(raw || "{}") as Record<string, unknown>;
      } catch {
        return {};
      }
    };

    if (path.startsWith("/v1/") && !path.startsWith("/v1/checkout/") && !authorised(req))
      return apiError(401, "The api key provided is invalid");
    const x = await razorpayX(
      req.method ?? "GET",
      path,
      req.method === "POST" ? json() : {},
      { "x-payout-idempotency": req.headers["x-payout-idempotency"] as string | undefined },
      url.searchParams,
    );
    if (x) return send(x.status, x.body);

    if (req.method === "POST" && path === "/v1/customers") {
      const body = json();
      if (typeof body.name !== "string" || body.name.trim() === "") return apiError(400, "The name field is required.");
      const email = typeof body.email === "string" ? body.email : "";
      const contact = typeof body.contact === "string" ? body.contact : "";
      const id = `cust_${sign("cust", `${email}|${contact}`)}`;
      return send(200, {
        id,
        entity: "customer",
        name: body.name,
        email,
        contact,
        gstin: null,
        notes: {},
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    if (req.method === "POST" && path === "/v1/orders") {
      if (!authorised(req)) return apiError(401, "The api key provided is invalid");
      const body = json();
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100)
        return apiError(400, "The amount must be atleast INR 1.00");
      if (body.currency !== "INR") return apiError(400, "Currency is not supported");
      const order: OrderFacts = { a: amount, t: Math.floor(Date.now() / 1000) };
      const id = sealOrder(order);
      if (body.token !== undefined) {
        const token = body.token as { max_amount?: unknown; frequency?: unknown; expire_at?: unknown };
        if (body.method !== "upi" || typeof body.customer_id !== "string" || !body.customer_id.startsWith("cust_"))
          return apiError(400, "A recurring order needs method upi and a customer_id");
        if (typeof token.max_amount !== "number" || !Number.isInteger(token.max_amount) || token.max_amount < 100)
          return apiError(400, "The token max_amount must be atleast INR 1.00");
        if (token.frequency !== "monthly" && token.frequency !== "as_presented") return apiError(400, "The frequency is not supported");
        if (typeof token.expire_at !== "number" || token.expire_at * 1000 <= Date.now())
          return apiError(400, "The token expire_at must be in the future");
        books.record({ kind: "mandate-order", id, customerId: body.customer_id, maxAmount: token.max_amount, at: Date.now() });
      }
      return send(200, orderEntity(id, order));
    }
    const tokenMatch = /^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)(\/cancel)?$/.exec(path);
    if (tokenMatch && ((req.method === "GET" && !tokenMatch[3]) || (req.method === "PUT" && tokenMatch[3]))) {
      const token = tokenById(decodeURIComponent(tokenMatch[2]!));
      if (!token || token.customerId !== decodeURIComponent(tokenMatch[1]!)) return apiError(400, "The id provided does not exist");
      if (req.method === "GET") return send(200, tokenEntity(token));
      if (token.status === "rejected") return apiError(400, "The token is not in a state that can be cancelled");
      if (token.status === "cancelled") return send(200, tokenEntity(token));
      const cancelled = { ...token, status: "cancelled" as const, at: Date.now() };
      books.record(cancelled);
      setTimeout(() => void deliver([eventBody("token.cancelled", { token: tokenEntity(cancelled) })]), 0).unref();
      return send(200, tokenEntity(cancelled));
    }
    if (req.method === "POST" && path === "/v1/payments/create/recurring") {
      const body = json();
      const token = tokenById(String(body.token ?? ""));
      const order = openOrder(String(body.order_id ?? ""));
      if (!token || token.customerId !== body.customer_id) return apiError(400, "The token id provided does not exist");
      if (!order) return apiError(400, "The order id provided does not exist");
      if (body.recurring !== "1" && body.recurring !== 1 && body.recurring !== true)
        return apiError(400, "The recurring field is required");
      if (token.status !== "confirmed") return apiError(400, "The token is not confirmed; it cannot be charged");
      if (body.amount !== order.a) return apiError(400, "The amount must match the order amount");
      if (order.a > token.maxAmount) return apiError(400, "The amount exceeds the maximum amount of the mandate");
      const orderId = String(body.order_id);
      debitToken.set(orderId, token.id);
      const paid = pay(orderId, token.debits)!;
      // The bank's answer comes later, by webhook, as Razorpay's does (there after the pre-debit notice).
      setTimeout(() => void announce(paid.id, paid.facts, paid.order), 0).unref();
      return send(200, { razorpay_payment_id: paid.id, razorpay_order_id: orderId, razorpay_signature: paid.signature });
    }
    if (req.method === "GET" && path === "/v1/payments") {
      const window = listWindow(url.searchParams);
      const items = books
        .current("payment")
        .filter((entry) => entry.at >= window.from && entry.at < window.to)
        .map((entry) => ({ entry, facts: openPayment(entry.id) }))
        .filter((row): row is { entry: (typeof row)["entry"]; facts: PaymentFacts } => row.facts !== null)
        .map(({ entry, facts }) => ({ ...paymentEntity(entry.id, facts), created_at: Math.floor(entry.at / 1000) }));
      return send(200, listPage(items, url.searchParams));
    }
    if (req.method === "GET" && path === "/v1/settlements") {
      const window = listWindow(url.searchParams);
      const items = settlements().filter((item) => item.created_at * 1000 >= window.from && item.created_at * 1000 < window.to);
      return send(200, listPage(items, url.searchParams));
    }
    const paymentMatch = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === "GET" && paymentMatch) {
      if (!authorised(req)) return apiError(401, "The api key provided is invalid");
      const id = decodeURIComponent(paymentMatch[1]!);
      const facts = openPayment(id);
      if (!facts) return apiError(400, "The id provided does not exist");
      return send(200, paymentEntity(id, facts));
    }
    const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (req.method === "POST" && refundMatch) {
      const id = decodeURIComponent(refundMatch[1]!);
      const facts = openPayment(id);
      const amount = json().amount;
      if (!facts) return apiError(400, "The id provided does not exist");
      if (facts.s === "failure") return apiError(400, "The payment has not been captured");
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100 || amount > facts.a)
        return apiError(400, "The refund amount provided is greater than amount captured");
      const refundId = `rfnd_${createHash("sha256").update(`${id}:${amount}`).digest("hex").slice(0, 14)}`;
      return send(200, { id: refundId, entity: "refund", amount, currency: "INR", payment_id: id, status: "processed" });
    }
    const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (req.method === "GET" && orderMatch) {
      if (!authorised(req)) return apiError(401, "The api key provided is invalid");
      const id = decodeURIComponent(orderMatch[1]!);
      const order = openOrder(id);
      if (!order) return apiError(400, "The id provided does not exist");
      return send(200, orderEntity(id, order));
    }

    if (req.method === "POST" && path === "/v1/checkout/embedded") {
      const fields = form();
      const orderId = fields.get("order_id") ?? "";
      const order = openOrder(orderId);
      if (fields.get("key_id") !== settings.keyId || !order)
        return send(400, page("Checkout unavailable", "<p>This order cannot be paid.</p>"), "text/html");
      if (fields.get("recurring") === "1") {
        const mandate = mandateOrder(orderId);
        if (!mandate || mandate.customerId !== fields.get("customer_id") || tokenOfOrder(orderId))
          return send(400, page("Checkout unavailable", "<p>This mandate cannot be set up.</p>"), "text/html");
        return send(200, mandatePage(fields, order, mandate.maxAmount), "text/html");
      }
      return send(200, checkoutPage(fields, order), "text/html");
    }
    if (req.method === "POST" && path === "/v1/checkout/embedded/mandate") {
      const fields = form();
      const decision = fields.get("decision");
      const callback = fields.get("callback_url") ?? "";
      if ((decision !== "approve" && decision !== "decline") || !/^https?:\/\//.test(callback))
        return send(400, page("UPI AutoPay", "<p>Approve or decline the mandate.</p>"), "text/html");
      const decided = decideMandate(
        fields.get("order_id") ?? "",
        decision === "approve",
        fields.get("debits") === "failure" ? "failure" : "success",
      );
      if (!decided) return send(400, page("Checkout unavailable", "<p>This mandate cannot be set up.</p>"), "text/html");
      await decided.events();
      const back: Record<string, string> =
        decision === "decline"
          ? {
              "error[code]": "BAD_REQUEST_ERROR",
              "error[description]": "The payer declined the UPI AutoPay mandate (stand-in)",
              "error[reason]": "payment_failed",
              "error[metadata]": JSON.stringify({ payment_id: decided.paid.id, order_id: decided.paid.facts.o }),
            }
          : { razorpay_payment_id: decided.paid.id, razorpay_order_id: decided.paid.facts.o, razorpay_signature: decided.paid.signature };
      return send(200, returnPage(callback, back, decision === "approve" ? "success" : "failure"), "text/html");
    }
    if (req.method === "POST" && path === "/v1/checkout/embedded/pay") {
      const fields = form();
      const outcome = fields.get("outcome");
      const method = fields.get("method") === "netbanking" ? "netbanking" : "upi";
      if (outcome !== "success" && outcome !== "failure" && outcome !== "pending")
        return send(400, page("Checkout", "<p>Choose how the payment ends.</p>"), "text/html");
      const paid = pay(fields.get("order_id") ?? "", outcome, { method });
      const callback = fields.get("callback_url") ?? "";
      if (!paid || !/^https?:\/\//.test(callback))
        return send(400, page("Checkout unavailable", "<p>This order cannot be paid.</p>"), "text/html");
      await announce(paid.id, paid.facts, paid.order);
      const back: Record<string, string> =
        outcome === "failure"
          ? {
              "error[code]": "BAD_REQUEST_ERROR",
              "error[description]": "Payment was declined by the payer's bank (stand-in)",
              "error[reason]": "payment_failed",
              "error[metadata]": JSON.stringify({ payment_id: paid.id, order_id: paid.facts.o }),
            }
          : { razorpay_payment_id: paid.id, razorpay_order_id: paid.facts.o, razorpay_signature: paid.signature };
      return send(200, returnPage(callback, back, outcome), "text/html");
    }

    // Test controls: not part of Razorpay's API.
    if (req.method === "POST" && path === "/_stand-in/pay") {
      const body = json();
      const outcome = body.outcome === "failure" || body.outcome === "pending" ? body.outcome : "success";
      const paid = pay(String(body.order_id ?? ""), outcome, { amount: typeof body.amount === "number" ? body.amount : undefined });
      if (!paid) return apiError(400, "The id provided does not exist");
      const statuses = body.webhooks === false ? [] : await announce(paid.id, paid.facts, paid.order);
      return send(200, { payment_id: paid.id, order_id: paid.facts.o, signature: paid.signature, webhook_statuses: statuses });
    }
    if (req.method === "POST" && path === "/_stand-in/mandate") {
      const body = json();
      const decided = decideMandate(String(body.order_id ?? ""), body.approve !== false, body.debits === "failure" ? "failure" : "success");
      if (!decided) return apiError(400, "The id provided does not exist");
      const statuses = body.webhooks === false ? [] : await decided.events();
      return send(200, {
        payment_id: decided.paid.id,
        order_id: decided.paid.facts.o,
        signature: decided.paid.signature,
        token_id: decided.token.id,
        webhook_statuses: statuses,
      });
    }
    if (req.method === "POST" && path === "/_stand-in/token-debits") {
      const body = json();
      const token = tokenById(String(body.token_id ?? ""));
      if (!token) return apiError(400, "The id provided does not exist");
      books.record({ ...token, debits: body.debits === "failure" ? "failure" : "success", at: Date.now() });
      return send(200, { token_id: token.id, debits: body.debits === "failure" ? "failure" : "success" });
    }
    if (req.method === "POST" && path === "/_stand-in/resend") {
      const body = json();
      const paymentId = String(body.payment_id ?? "");
      const facts = openPayment(paymentId);
      const order = facts ? openOrder(facts.o) : null;
      if (!facts || !order) return apiError(400, "The id provided does not exist");
      let events = [...eventsFor(paymentId, facts, order, "now"), ...eventsFor(paymentId, facts, order, "later")];
      if (typeof body.event === "string") events = events.filter((event) => JSON.parse(event.body).event === body.event);
      if (body.reverse === true) events.reverse();
      const times = Math.min(Math.max(Number(body.times ?? 1), 1), 50);
      // Late: the deliveries start only after this many milliseconds (at most a minute).
      const delayMs = Math.min(Math.max(Number(body.delay_ms ?? 0) || 0, 0), 60_000);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const statuses = (await Promise.all(Array.from({ length: times }, () => deliver(events)))).flat();
      return send(200, { webhook_statuses: statuses });
    }
    return apiError(404, "The requested URL was not found on the server.");
  };

  function mandatePage(fields: URLSearchParams, order: OrderFacts, maxAmount: number) {
    return page("Razorpay stand-in UPI AutoPay", mandatePageBody(base, fields, order, maxAmount));
  }

  function checkoutPage(fields: URLSearchParams, order: OrderFacts) {
    const hidden = ["order_id", "callback_url", "cancel_url"]
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(fields.get(name) ?? "")}">`)
      .join("");
    const rupees = formatINR(new Decimal(order.a).dividedBy(100), { paise: true }).replace(/^₹/, "");
    const cancel = fields.get("cancel_url");
    return page(
      "Razorpay stand-in checkout",
      `<h1>Pay ₹${rupees}</h1>
       <p>${escapeHtml(fields.get("description") ?? "")}</p>
       <p class="note">A stand-in for Razorpay's checkout (development, demo and tests): no money moves.</p>
       <form method="post" action="${base}/v1/checkout/embedded/pay">${hidden}
         <fieldset><legend>Pay by</legend>
           <label><input type="radio" name="method" value="upi" checked> UPI</label>
           <label><input type="radio" name="method" value="netbanking"> Net banking</label>
         </fieldset>
         <button type="submit" name="outcome" value="success">Pay ₹${rupees}</button>
         <button type="submit" name="outcome" value="pending">Pending, then success</button>
         <button type="submit" name="outcome" value="failure">Fail the payment</button>
       </form>
       ${cancel && /^https?:\/\//.test(cancel) ? `<p><a href="${escapeHtml(cancel)}">Cancel and return</a></p>` : ""}`,
    );
  }
}

function mandatePageBody(base: string, fields: URLSearchParams, order: { a: number }, maxAmount: number) {
  const hidden = ["order_id", "callback_url", "cancel_url"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(fields.get(name) ?? "")}">`)
    .join("");
  const rupees = (paise: number) => formatINR(new Decimal(paise).dividedBy(100), { paise: true });
  const cancel = fields.get("cancel_url");
  return `<h1>Approve UPI AutoPay</h1>
       <p>${escapeHtml(fields.get("description") ?? "")}</p>
       <p>Up to ${rupees(maxAmount)} a month may be debited from your bank account. The authorisation payment is ${rupees(order.a)}.</p>
       <p class="note">A stand-in for Razorpay's UPI AutoPay (development, demo and tests): no money moves.</p>
       <form method="post" action="${base}/v1/checkout/embedded/mandate">${hidden}
         <label>Later debits <select name="debits"><option value="success">succeed</option><option value="failure">fail (not enough money in the account)</option></select></label>
         <button type="submit" name="decision" value="approve">Approve mandate</button>
         <button type="submit" name="decision" value="decline">Decline mandate</button>
       </form>
       ${cancel && /^https?:\/\//.test(cancel) ? `<p><a href="${escapeHtml(cancel)}">Cancel and return</a></p>` : ""}`;
}

function returnPage(callback: string, fields: Record<string, string>, outcome: Outcome) {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const said =
    outcome === "failure" ? "The payment failed." : outcome === "pending" ? "The payment is pending with the bank." : "Payment successful.";
  return page(
    "Razorpay stand-in checkout",
    `<h1>${said}</h1><form method="post" action="${escapeHtml(callback)}">${hidden}<button type="submit">Return to Aangan</button></form>`,
  );
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error("too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const IST_MS = 5.5 * 3_600_000;
/** The end of the India day a moment falls in (the next IST midnight), in milliseconds. */
function indiaDayEnd(at: number): number {
  const day = 86_400_000;
  return Math.floor((at + IST_MS) / day) * day + day - IST_MS;
}
