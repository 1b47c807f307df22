import { beforeAll, describe, expect, it } from "vitest";
import { declareDistribution, payDistributionIn } from "../../app/domain/distributions/distributions.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { loadPositionPage } from "../../app/routes/investor/position-page.server";
import { reloadEnv } from "../../app/services/env.server";
import { getSessionUser } from "../../app/services/session.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor, createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const istDate = (moment: Date) => new Date(moment.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(() => {
  // The market panel's order book is read through the app's own client (replicaRead).
  process.env.DATABASE_URL = db.current.url;
  reloadEnv();
});

describe("the position page", () => {
  it("reads as of one moment: a distribution paid between the reads never shows ₹0 of distributions beside a payment received", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, { title: "Snapshot Court", sharePrice: "100", minimumInvestment: "100" });
    const investor = await createInvestor(prisma, { balance: "5000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 10, idempotencyKey: newIdempotencyKey() });
    await prisma.transaction.updateMany({ where: { propertyId: property.id }, data: { createdAt: new Date(Date.now() - 3 * DAY) } });
    const admin = await createUser(prisma, { isAdmin: true });
    const { distributionId } = await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "500",
      recordDate: istDate(new Date(Date.now() - DAY)),
      paymentDate: istDate(new Date()),
      note: "",
    });
    const user = (await getSessionUser(
      new Request("http://localhost/", { headers: { Cookie: await createSession(prisma, investor.id) } }),
    ))!;
    const shown = (page: Awaited<ReturnType<typeof loadPositionPage>>) => ({
      owned: page!.position.sharesOwned,
      sellable: page!.sell.sellableShares,
      distributionsFigure: page!.position.distributions,
      statuses: page!.distributions.map((row) => row.status),
      received: page!.received.map((row) => row.amount),
    });

    const before = shown(await loadPositionPage(prisma, user, property.id));
    expect(before).toEqual({ owned: 10, sellable: 10, distributionsFigure: "0.00", statuses: ["declared"], received: [] });

    // The payment, held uncommitted with the property's distributions locked: the position reads
    // at once, the property's list waits, and the payment commits before the rest is read.
    const reading = readAcrossACommit(db.current, {
      write: (tx) => payDistributionIn(tx, distributionId, new Date()),
      lockedTable: "property_distributions",
      read: () => loadPositionPage(prisma, user, property.id),
    });
    // As before the payment, every section of it. Read side by side, the position's figure said
    // ₹0 of distributions beside a list showing the ₹500 paid and received.
    expect(shown(await reading)).toEqual(before);
    const after = shown(await loadPositionPage(prisma, user, property.id));
    expect(after).toEqual({ owned: 10, sellable: 10, distributionsFigure: "500.00", statuses: ["paid"], received: ["500.00"] });
  });
});
