import { describe, expect, it } from "vitest";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { changePlan, createPlan, getPlan } from "../../app/domain/plans/plans.server";
import { runDuePlans, runPlanPeriod } from "../../app/domain/plans/run-plans.server";
import { Decimal } from "../../app/lib/money";
import type { PlanInput } from "../../app/lib/plan-form";
import { createInvestor, createProperty } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Monthly plans run once per month each (ADR 0072): on the last day of a short month for a
 * plan on the 31st, once however many workers try, split by weight into whole shares, and
 * recording why when nothing could be bought.
 */

const db = useTestDatabase();
// Noon IST on an Indian date.
const at = (date: string) => new Date(`${date}T06:30:00Z`);

function planInput(target: PlanInput["target"], amount: string, dayOfMonth: number, startDate = "2026-01-01"): PlanInput {
  return { amount: new Decimal(amount), dayOfMonth, startDate, endDate: null, target };
}

async function balanceOf(userId: string) {
  return (await db.current.prisma.escrowBalance.findUniqueOrThrow({ where: { userId } })).availableBalance.toFixed(2);
}

describe("a monthly plan's runs", () => {
  it("runs a plan for the 31st on the last day of shorter months, once a month", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createInvestor(prisma, { balance: "100000" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "property", propertyId: property.id }, "5000", 31));

    expect(await runPlanPeriod(prisma, planId, at("2026-04-29"))).toBeNull();
    const april = await runPlanPeriod(prisma, planId, at("2026-04-30"));
    expect(april).toMatchObject({ period: "2026-04", status: "completed" });
    expect(await runPlanPeriod(prisma, planId, at("2026-04-30"))).toBeNull();
    const february = await runPlanPeriod(prisma, planId, at("2027-02-28"));
    expect(february).toMatchObject({ period: "2027-02", status: "completed" });
    const runs = await prisma.investmentPlanRun.findMany({ where: { planId }, orderBy: { period: "asc" } });
    expect(runs.map((r) => [r.period, r.dueDate.toISOString().slice(0, 10), r.status])).toEqual([
      ["2026-04", "2026-04-30", "completed"],
      ["2027-02", "2027-02-28", "completed"],
    ]);
    // ₹5,000 buys 4 shares at ₹1,000 with the 2% fee (₹4,080); the rest stays in the wallet.
    expect(runs.map((r) => r.spent.toFixed(2))).toEqual(["4080.00", "4080.00"]);
    expect(await balanceOf(investor.id)).toBe("91840.00");
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("runs once when two workers run the same due plan at the same moment", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "500", minimumInvestment: "500" });
    const investor = await createInvestor(prisma, { balance: "50000" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "property", propertyId: property.id }, "3000", 10));

    const outcomes = await Promise.all([runPlanPeriod(prisma, planId, at("2026-05-10")), runPlanPeriod(prisma, planId, at("2026-05-10"))]);
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    expect(await prisma.investmentPlanRun.count({ where: { planId } })).toBe(1);
    const purchases = await prisma.transaction.findMany({ where: { userId: investor.id, transactionType: "investment" } });
    // ₹3,000 buys 5 shares at ₹500 (₹2,550 with the fee).
    expect(purchases.map((p) => p.shares)).toEqual([5]);
    const both = await Promise.all([runDuePlans(prisma, at("2026-05-11")), runDuePlans(prisma, at("2026-05-11"))]);
    expect(both.map((b) => b.ran)).toEqual([0, 0]);
    expect(await prisma.transaction.count({ where: { userId: investor.id, transactionType: "investment" } })).toBe(1);
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("splits a basket by weight and buys whole shares only, leaving the rest in the wallet", async () => {
    const prisma = db.current.prisma;
    const first = await createProperty(prisma, { title: "Basket One", sharePrice: "700", minimumInvestment: "700" });
    const second = await createProperty(prisma, { title: "Basket Two", sharePrice: "1100", minimumInvestment: "1100" });
    const investor = await createInvestor(prisma, { balance: "20000" });
    const { planId } = await createPlan(
      prisma,
      investor.id,
      planInput(
        {
          kind: "basket",
          items: [
            { propertyId: first.id, weight: 1 },
            { propertyId: second.id, weight: 3 },
          ],
        },
        "10000",
        1,
      ),
    );
    const run = await runPlanPeriod(prisma, planId, at("2026-06-01"));
    // ₹2,500 for the first: 3 shares (₹2,142 with the fee); ₹7,500 for the second: 6 shares (₹6,732).
    expect(run?.lines.map((l) => [l.title, l.budget, l.shares, l.total]).sort()).toEqual([
      ["Basket One", "2500.00", 3, "2142.00"],
      ["Basket Two", "7500.00", 6, "6732.00"],
    ]);
    expect(run?.spent).toBe("8874.00");
    expect(await balanceOf(investor.id)).toBe("11126.00");
    const positions = await prisma.userPropertyPosition.findMany({ where: { userId: investor.id }, orderBy: { shares: "asc" } });
    expect(positions.map((p) => p.shares)).toEqual([3, 6]);
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("records why a run on a closed property bought nothing, alerts the investor, and runs again next month", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createInvestor(prisma, { balance: "30000" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "property", propertyId: property.id }, "2000", 3));
    await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: "closed" } });

    const run = await runPlanPeriod(prisma, planId, at("2026-07-03"));
    expect(run).toMatchObject({ status: "failed", reason: "property_not_open", spent: "0.00" });
    expect(await balanceOf(investor.id)).toBe("30000.00");
    expect(await prisma.transaction.count({ where: { userId: investor.id, transactionType: "investment" } })).toBe(0);
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: investor.id, alertType: "plan_run" } });
    expect(alert.message).toContain("bought nothing");
    expect((await prisma.investmentPlan.findUniqueOrThrow({ where: { id: planId } })).status).toBe("active");

    await prisma.property.update({ where: { id: property.id }, data: { propertyStatus: "open" } });
    expect(await runPlanPeriod(prisma, planId, at("2026-08-03"))).toMatchObject({ status: "completed", period: "2026-08" });
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("records a lapsed KYC and a short wallet as the reasons", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createInvestor(prisma, { balance: "1500" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "property", propertyId: property.id }, "2040", 2));
    expect(await runPlanPeriod(prisma, planId, at("2026-07-02"))).toMatchObject({ status: "failed", reason: "insufficient_balance" });
    await prisma.userProfile.update({ where: { id: investor.id }, data: { kycStatus: "rejected" } });
    expect(await runPlanPeriod(prisma, planId, at("2026-08-02"))).toMatchObject({ status: "failed", reason: "kyc_required" });
    expect(await balanceOf(investor.id)).toBe("1500.00");
  });

  it("sends the day-before reminder once, and the run then claims that month", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const investor = await createInvestor(prisma, { balance: "10000" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "property", propertyId: property.id }, "2040", 15));
    await runDuePlans(prisma, at("2026-09-14"));
    await runDuePlans(prisma, at("2026-09-14"));
    const reminders = await prisma.userAlert.findMany({ where: { userId: investor.id, alertType: "plan_reminder" } });
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message).toContain("₹2,040.00");
    expect(await runDuePlans(prisma, at("2026-09-15"))).toMatchObject({ ran: 1 });
    expect((await prisma.investmentPlanRun.findFirstOrThrow({ where: { planId } })).status).toBe("completed");
  });
  it("keeps the start date and the run history when the plan is changed, and the month already run is not run again", async () => {
    const prisma = db.current.prisma;
    const first = await createProperty(prisma, { sharePrice: "1000", minimumInvestment: "1000" });
    const second = await createProperty(prisma, { sharePrice: "500", minimumInvestment: "500" });
    const investor = await createInvestor(prisma, { balance: "50000" });
    const { planId } = await createPlan(
      prisma,
      investor.id,
      planInput({ kind: "property", propertyId: first.id }, "3000", 5, "2026-03-01"),
    );
    expect(await runPlanPeriod(prisma, planId, at("2026-03-05"))).toMatchObject({ status: "completed" });
    expect(await runPlanPeriod(prisma, planId, at("2026-04-05"))).toMatchObject({ status: "completed" });

    // The change form sends no start date: the web layer fills in today, which must not become the start.
    await changePlan(prisma, investor.id, planId, planInput({ kind: "property", propertyId: second.id }, "4000", 20, "2026-04-10"));
    const plan = await prisma.investmentPlan.findUniqueOrThrow({ where: { id: planId }, include: { items: true } });
    expect(plan.startDate.toISOString().slice(0, 10)).toBe("2026-03-01");
    expect([plan.amount.toFixed(2), plan.dayOfMonth, plan.items.map((i) => i.propertyId)]).toEqual(["4000.00", 20, [second.id]]);
    const history = await getPlan(prisma, investor.id, planId, at("2026-04-10"));
    expect(history.runs.map((r) => [r.period, r.status, r.amount])).toEqual([
      ["2026-04", "completed", "3000.00"],
      ["2026-03", "completed", "3000.00"],
    ]);
    // April ran already on the 5th: moving the day to the 20th does not run April twice.
    expect(await runPlanPeriod(prisma, planId, at("2026-04-20"))).toBeNull();
    expect(await runPlanPeriod(prisma, planId, at("2026-05-20"))).toMatchObject({ period: "2026-05", status: "completed" });
    expect(await prisma.investmentPlanRun.count({ where: { planId } })).toBe(3);
    await expect(
      changePlan(prisma, investor.id, planId, {
        ...planInput({ kind: "property", propertyId: second.id }, "4000", 20),
        endDate: "2026-02-01",
      }),
    ).rejects.toMatchObject({ code: "bad_end_date" });
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("splits every open property of a type by what is left for sale in each", async () => {
    const prisma = db.current.prisma;
    // Industrial: no demo or other test property is of this type here.
    const big = await createProperty(prisma, {
      title: "Type Big",
      propertyType: "industrial",
      sharePrice: "1000",
      minimumInvestment: "1000",
      availableShares: 300,
      totalShares: 300,
    });
    const small = await createProperty(prisma, {
      title: "Type Small",
      propertyType: "industrial",
      sharePrice: "500",
      minimumInvestment: "500",
      availableShares: 200,
      totalShares: 200,
    });
    const investor = await createInvestor(prisma, { balance: "20000" });
    const { planId } = await createPlan(prisma, investor.id, planInput({ kind: "type", propertyType: "industrial" }, "10000", 1));
    const run = await runPlanPeriod(prisma, planId, at("2026-06-01"));
    expect(run?.lines.map((l) => [l.propertyId, l.budget, l.shares, l.total]).sort()).toEqual(
      [
        [big.id, "7500.00", 7, "7140.00"],
        [small.id, "2500.00", 4, "2040.00"],
      ].sort(),
    );
    expect(await balanceOf(investor.id)).toBe("10820.00");
    expect(await checkLedger(prisma)).toEqual([]);
  });
});
