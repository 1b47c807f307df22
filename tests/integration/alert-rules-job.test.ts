import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_RULES_QUEUE, alertRulesJob } from "../../app/domain/alert-rules/alert-rules-job.server";
import { saveAlertPreferences, setPriceAlert } from "../../app/domain/alert-rules/alert-preferences.server";
import { evaluateAlertRules } from "../../app/domain/alert-rules/evaluate-alert-rules.server";
import { declareDistribution } from "../../app/domain/distributions/distributions.server";
import { cancelSellRequest, createSellRequest } from "../../app/domain/market/sell-requests.server";
import { createInvestor, createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { publishPropertyUpdateIn } from "../../app/domain/property-updates/publish-update.server";
import { Decimal } from "../../app/lib/money";
import { runningJobs } from "../../app/services/jobs/boss.server";
import { startJobs, stopJobs } from "../../app/services/jobs/start-jobs.server";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/** The alert rules (ADR 0070): however often the check runs, each crossing alerts once, and again only after it re-arms. */

const db = useTestDatabase();
const NEVER = "0 0 1 1 *";
const prisma = () => db.current.prisma;

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
});
afterAll(async () => {
  await stopJobs();
});

const alertsOf = (userId: string, alertType: string) => prisma().userAlert.count({ where: { userId, alertType } });

async function runJobTwice() {
  const boss = runningJobs()!.boss;
  await boss.send(ALERT_RULES_QUEUE, {});
  await boss.send(ALERT_RULES_QUEUE, {}, { singletonKey: `second-${Date.now()}` });
  const until = Date.now() + 20_000;
  while ((await boss.getQueueSize(ALERT_RULES_QUEUE, { before: "completed" })) > 0) {
    if (Date.now() > until) throw new Error("the alert rules job did not finish");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a listed share under a watched price", () => {
  it("alerts once across two runs of the job, not again while it stays listed, and again after it re-arms", async () => {
    const { property, seller } = await createMarket(prisma(), { sellerShares: 20 });
    const watcher = await createInvestor(prisma());
    await prisma().watchlistEntry.create({ data: { userId: watcher.id, propertyId: property.id } });
    await setPriceAlert(prisma(), watcher.id, property.id, new Decimal("90"));
    const list = (price: string) =>
      createSellRequest(prisma(), {
        sellerId: seller.id,
        propertyId: property.id,
        shares: "1",
        pricePerShare: price,
        idempotencyKey: newKey(),
      });

    await list("100");
    expect(await evaluateAlertRules(prisma())).toMatchObject({ fired: 0 });

    const cheap = await list("80");
    await startJobs({
      databaseUrl: db.current.url,
      sessionSweepCron: NEVER,
      mail: { from: "Aangan <a@b.in>", outboxDir: "/tmp" },
      jobs: [alertRulesJob(NEVER, { pollingIntervalSeconds: 0.5 })],
    });
    await runJobTwice();
    expect(await alertsOf(watcher.id, "rule_listing_below")).toBe(1);
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: watcher.id, alertType: "rule_listing_below" } });
    expect(alert.message).toContain("₹80.00");
    await evaluateAlertRules(prisma());
    expect(await alertsOf(watcher.id, "rule_listing_below")).toBe(1);

    // The cheap listing goes: the rule re-arms without a word; a new one under the price alerts again, once.
    await cancelSellRequest(prisma(), { sellerId: seller.id, orderId: cheap.orderId });
    await runJobTwice();
    expect(await alertsOf(watcher.id, "rule_listing_below")).toBe(1);
    await list("85");
    await runJobTwice();
    await evaluateAlertRules(prisma());
    expect(await alertsOf(watcher.id, "rule_listing_below")).toBe(2);
    // The seller's own listings never alert the seller.
    expect(await prisma().userAlert.count({ where: { userId: seller.id, alertType: "rule_listing_below" } })).toBe(0);
  });
});

describe("status labels and distributions", () => {
  it("alerts once per label change, once when distributions pause (again only after they resume), once per distribution declared", async () => {
    const { property, seller } = await createMarket(prisma(), { sellerShares: 10 });
    const quiet = await createInvestor(prisma());
    await prisma().watchlistEntry.create({ data: { userId: quiet.id, propertyId: property.id } });
    const admin = await createUser(prisma(), { isAdmin: true });
    await saveAlertPreferences(prisma(), seller.id, {
      navMovePercent: new Decimal("5"),
      distributionChanges: true,
      statusLabelChanges: true,
    });
    const publish = (statusLabel: string) =>
      prisma().$transaction((tx) =>
        publishPropertyUpdateIn(
          tx,
          { adminId: admin.id, propertyId: property.id, title: statusLabel, body: "News.", statusLabel },
          new Date(),
        ),
      );
    const counts = async () => ({
      label: await alertsOf(seller.id, "rule_status_label"),
      paused: await alertsOf(seller.id, "rule_distribution_paused"),
      declared: await alertsOf(seller.id, "rule_distribution_declared"),
      nav: await alertsOf(seller.id, "rule_nav_move"),
    });
    const twice = async () => {
      await evaluateAlertRules(prisma());
      await evaluateAlertRules(prisma());
    };

    await twice(); // first sight: only recorded
    expect(await counts()).toEqual({ label: 0, paused: 0, declared: 0, nav: 0 });
    await publish("performing");
    await twice();
    expect(await counts()).toEqual({ label: 1, paused: 0, declared: 0, nav: 0 });
    await publish("distribution_paused");
    await twice();
    expect(await counts()).toEqual({ label: 2, paused: 1, declared: 0, nav: 0 });
    await publish("distribution_paused");
    await twice();
    expect(await counts()).toEqual({ label: 2, paused: 1, declared: 0, nav: 0 });
    await publish("performing");
    await publish("distribution_paused");
    await twice();
    // Two label changes happened between checks; the check sees the label as it is: paused again, after it had resumed.
    expect(await counts()).toEqual({ label: 2, paused: 1, declared: 0, nav: 0 });

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    await declareDistribution(prisma(), {
      adminId: admin.id,
      propertyId: property.id,
      basis: "per_share",
      amount: "12.50",
      recordDate: day(1),
      paymentDate: day(2),
      note: "",
    });
    await twice();
    expect((await counts()).declared).toBe(1);
    const declared = await prisma().userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "rule_distribution_declared" } });
    expect(declared.message).toContain("₹12.50 a share");
    // Nobody else chose these rules; the property has no valuation, so the NAV rule records nothing.
    expect(await prisma().userAlert.count({ where: { userId: quiet.id, alertType: { startsWith: "rule_" } } })).toBe(0);
    expect(await prisma().alertRuleState.count({ where: { rule: "nav_move" } })).toBe(0);
  });

  it("measures NAV moves from the last NAV the investor heard of, once per move, from the recorded valuations", async () => {
    const { property, seller } = await createMarket(prisma(), { sellerShares: 10 });
    await saveAlertPreferences(prisma(), seller.id, {
      navMovePercent: new Decimal("5"),
      distributionChanges: false,
      statusLabelChanges: false,
    });
    // Valuations recorded as the valuation rule reads them: NAV = value ÷ total shares (no debts or reserves).
    const { totalShares } = await prisma().property.findUniqueOrThrow({ where: { id: property.id }, select: { totalShares: true } });
    const admin = await createUser(prisma(), { isAdmin: true });
    let day = 1;
    const valueAt = async (navPerShare: string) => {
      await prisma().propertyValuation.create({
        data: {
          propertyId: property.id,
          valuer: "Test Valuers LLP",
          valuationDate: new Date(`2026-0${day++}-01T00:00:00Z`),
          value: new Decimal(navPerShare).times(totalShares).toFixed(2),
          debts: "0",
          reserves: "0",
          reportStorageKey: `valuations/test-${day}.pdf`,
          reportSize: 1,
          recordedBy: admin.id,
        },
      });
    };
    const check = () => evaluateAlertRules(prisma(), new Date());
    const navAlerts = () => alertsOf(seller.id, "rule_nav_move");

    await valueAt("100.00");
    await check();
    await valueAt("104.00");
    await check();
    expect(await navAlerts()).toBe(0);
    await valueAt("94.00");
    await check();
    await check();
    expect(await navAlerts()).toBe(1);
    const alert = await prisma().userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "rule_nav_move" } });
    expect(alert.title).toContain("-6.00%");
    await valueAt("99.00"); // 5.32% up from 94
    await check();
    expect(await navAlerts()).toBe(2);
  });
});
