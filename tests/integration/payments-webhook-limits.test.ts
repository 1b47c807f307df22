import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../../app/services/free-port.server";
import { hmacHex } from "../../app/services/payments/gateway";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";
import { gatewayAppEnv, startStandInServer } from "./support/stand-in-server";

/**
 * The gateway's webhook endpoint (issue 27, item 7) is rate-limited per sending address with a
 * budget of its own: its deliveries are not counted as form posts (a gateway sends every payer's
 * events from a few addresses), and a delivery over the budget is answered 429 before anything
 * reads it, so nothing is stored; the gateway retries it later. Over the real server.ts process.
 */
const db = useTestDatabase();
const SECRET = "payments-webhook-limits-session-secret-0123456789";
const keys = { keyId: "rzp_test_limits", keySecret: "limits-key-secret", webhookSecret: "limits-webhook-secret" };
const WEBHOOKS_PER_MINUTE = 5;
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let app: AppProcess;

beforeAll(async () => {
  const port = await findFreePort();
  standIn = await startStandInServer({ ...keys });
  app = await startAppProcess(
    {
      ...gatewayAppEnv({ databaseUrl: db.current.url, sessionSecret: SECRET, standInUrl: standIn.url, keys }),
      // Fewer form posts than webhooks: were the webhooks counted as form posts, the third would be refused.
      RATE_LIMIT_PER_MINUTE: "2",
      RATE_LIMIT_WEBHOOKS_PER_MINUTE: String(WEBHOOKS_PER_MINUTE),
    },
    { port },
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
  standIn?.close();
});

function signedEvent(n: number) {
  const body = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    contains: ["payment"],
    payload: {
      payment: {
        entity: { id: `pay_limit${n}`, order_id: "order_unknown", amount: 100000, currency: "INR", status: "captured", method: "upi" },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return fetch(`${app.baseUrl}/webhooks/razorpay`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Razorpay-Signature": hmacHex(keys.webhookSecret, body),
      "X-Razorpay-Event-Id": `evt_limit_${n}`,
    },
    body,
  });
}

describe("the webhook endpoint's rate limit", () => {
  it("takes its own budget of deliveries per address, not the form posts', and refuses the next with 429, storing nothing", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= WEBHOOKS_PER_MINUTE; n++) statuses.push((await signedEvent(n)).status);
    expect(statuses).toEqual(Array(WEBHOOKS_PER_MINUTE).fill(200));
    expect(await db.current.prisma.paymentWebhookEvent.count()).toBe(WEBHOOKS_PER_MINUTE);

    const refused = await signedEvent(WEBHOOKS_PER_MINUTE + 1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many requests from this address\./);
    expect(await db.current.prisma.paymentWebhookEvent.count()).toBe(WEBHOOKS_PER_MINUTE);
    expect(await db.current.prisma.paymentWebhookEvent.count({ where: { eventId: `evt_limit_${WEBHOOKS_PER_MINUTE + 1}` } })).toBe(0);

    // Counted under the webhooks limiter's own key; the form-post budget is untouched.
    const counters = await db.current.prisma.rateLimitCounter.findMany({ where: { key: { startsWith: "webhooks:" } } });
    expect(counters.map((row) => row.count)).toEqual([WEBHOOKS_PER_MINUTE + 1]);
    expect(await db.current.prisma.rateLimitCounter.count({ where: { key: { startsWith: "mutations:" } } })).toBe(0);
  });
});
