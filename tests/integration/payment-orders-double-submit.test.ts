import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatewayDeposit } from "../../app/domain/payments/gateway-deposits.server";
import { startPremiumPayment } from "../../app/domain/subscriptions/start-premium-payment.server";
import { razorpayGateway } from "../../app/services/payments/razorpay.server";
import { createInvestor, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { startStandInServer } from "./support/stand-in-server";

/**
 * A payment form sent several times at once with one idempotency key (a double tap, a retry
 * over a bad connection) is one order, here and at the gateway, and every sending gets it:
 * the losing insert of the key is never an error (issue 27, item 2; ADR 0061, 0063).
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const keys = { keyId: "rzp_test_double", keySecret: "double-key-secret", webhookSecret: "double-webhook-secret" };
let standIn: Awaited<ReturnType<typeof startStandInServer>>;

beforeAll(async () => {
  standIn = await startStandInServer({ ...keys });
});
afterAll(() => standIn?.close());

const gateway = () => razorpayGateway({ baseUrl: standIn.url, ...keys, payoutAccountNumber: "", standIn: true });

describe("a payment form sent several times at once", () => {
  it("is one wallet deposit order, whichever sending wins", async () => {
    const investor = await createInvestor(prisma(), { balance: "0" });
    const idempotencyKey = newIdempotencyKey();
    const views = await Promise.all(
      Array.from({ length: 6 }, () => startGatewayDeposit(prisma(), gateway(), { userId: investor.id, amount: "5000", idempotencyKey })),
    );
    const rows = await prisma().paymentOrder.findMany({ where: { userId: investor.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(views.map((view) => view.id))).toEqual(new Set([rows[0]!.id]));
    expect(rows[0]!.providerOrderId).toMatch(/^order_/);
  });

  it("is one Premium order, whichever sending wins", async () => {
    const user = await createUser(prisma());
    const idempotencyKey = newIdempotencyKey();
    const views = await Promise.all(
      Array.from({ length: 6 }, () => startPremiumPayment(prisma(), gateway(), { userId: user.id, idempotencyKey })),
    );
    const rows = await prisma().paymentOrder.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(views.map((view) => view.id))).toEqual(new Set([rows[0]!.id]));
  });
});
