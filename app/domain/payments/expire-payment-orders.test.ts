import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { createPlan } from "~/domain/plans/plans.server";
import { Decimal } from "~/lib/money";
import { expirePaymentOrders } from "./expire-payment-orders.server";

const db = useTestDatabase();
const DAY = 86_400_000;

describe("expirePaymentOrders", () => {
  it("ends a plan month whose AutoPay debit the bank never answered, tells the investor once, and leaves fresh orders alone", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createUser(prisma, { kycStatus: "approved", subscriptionActive: true, tier: "small_investor" });
    const { planId } = await createPlan(prisma, investor.id, {
      amount: new Decimal("5000"),
      dayOfMonth: 10,
      startDate: "2026-01-01",
      endDate: null,
      target: { kind: "property", propertyId: property.id },
    });
    const charged = new Date("2027-02-10T06:30:00Z");
    const run = await prisma.investmentPlanRun.create({
      data: { planId, period: "2027-02", dueDate: new Date("2027-02-10"), status: "awaiting_debit", amount: "5000.00" },
    });
    const debit = await prisma.paymentOrder.create({
      data: {
        userId: investor.id,
        purpose: "plan_debit",
        amount: "5000.00",
        provider: "razorpay",
        providerOrderId: "order_never_answered",
        idempotencyKey: "plan-debit-2027-02",
        status: "pending",
        planRunId: run.id,
        createdAt: charged,
        updatedAt: charged,
      },
    });
    const fresh = await prisma.paymentOrder.create({
      data: {
        userId: investor.id,
        amount: "2000.00",
        provider: "razorpay",
        idempotencyKey: "fresh",
        createdAt: new Date(charged.getTime() + 5.5 * DAY),
      },
    });

    // Four days on the bank may still answer: nothing ends.
    expect(await expirePaymentOrders(prisma, new Date(charged.getTime() + 4 * DAY))).toEqual({ paymentOrders: 0 });
    expect((await prisma.investmentPlanRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("awaiting_debit");

    const sixDaysOn = new Date(charged.getTime() + 6 * DAY);
    expect(await expirePaymentOrders(prisma, sixDaysOn)).toEqual({ paymentOrders: 1 });
    expect((await prisma.paymentOrder.findUniqueOrThrow({ where: { id: debit.id } })).status).toBe("expired");
    const ended = await prisma.investmentPlanRun.findUniqueOrThrow({ where: { id: run.id } });
    expect([ended.status, ended.reason, ended.finishedAt?.toISOString()]).toEqual(["failed", "debit_failed", sixDaysOn.toISOString()]);
    const alerts = await prisma.userAlert.findMany({ where: { userId: investor.id, alertType: "plan_run" } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain("your bank did not confirm it in time");
    expect((await prisma.paymentOrder.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe("created");

    // Run again: nothing left to end, and no second alert.
    expect(await expirePaymentOrders(prisma, sixDaysOn)).toEqual({ paymentOrders: 0 });
    expect(await prisma.userAlert.count({ where: { userId: investor.id, alertType: "plan_run" } })).toBe(1);
  });
});
