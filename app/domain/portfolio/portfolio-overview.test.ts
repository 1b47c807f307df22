import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPortfolioOverview } from "./portfolio-overview.server";
import { listInvestedProperties } from "./invested-properties.server";

const db = useTestDatabase();

describe("getPortfolioOverview", () => {
  it("reads the same positions as the sidebar and values them at today's share price", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const villa = await createProperty(prisma, { title: "Goa Villa", propertyType: "villa", sharePrice: "1000" });
    const office = await createProperty(prisma, { title: "BKC Office", propertyType: "office", sharePrice: "2000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: villa.id, shares: 3, idempotencyKey: newIdempotencyKey() });
    await purchaseShares(prisma, { userId: investor.id, propertyId: office.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    // The villa's price rises after the purchase.
    await prisma.property.update({ where: { id: villa.id }, data: { sharePrice: "1250" } });

    const overview = await getPortfolioOverview(prisma, investor.id);
    expect(overview.totals).toEqual({
      totalInvestment: "7000.00",
      currentValue: "7750.00",
      lifetimeReturn: "750.00",
      activeProperties: 2,
    });
    expect(overview.distribution).toEqual({ residential: 1, commercial: 1, mixed: 0 });
    expect(overview.series).toHaveLength(365);
    expect(overview.series.at(-1)?.total).toBe(7000);
    // Everything happened today: no time has passed to annualise over.
    expect(overview.annualisedReturn.kind).not.toBe("rate");

    const sidebar = await listInvestedProperties(prisma, investor.id);
    expect(sidebar.map((entry) => entry.title)).toEqual(["BKC Office", "Goa Villa"]);
  });

  it("is all zeros with no chart for someone who never invested", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "1000" });
    const overview = await getPortfolioOverview(prisma, investor.id);
    expect(overview.totals.activeProperties).toBe(0);
    expect(overview.totals.currentValue).toBe("0.00");
    expect(overview.series).toEqual([]);
    expect(overview.annualisedReturn).toEqual({ kind: "not-enough-history" });
  });

  it("annualises over a purchase a year ago and today's value", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const flat = await createProperty(prisma, { propertyType: "apartment", sharePrice: "1000", minimumInvestment: "1000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: flat.id, shares: 10, idempotencyKey: newIdempotencyKey() });
    const now = new Date();
    const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
    await prisma.transaction.updateMany({
      where: { userId: investor.id, transactionType: "investment" },
      data: { createdAt: yearAgo, fee: "0" },
    });
    await prisma.property.update({ where: { id: flat.id }, data: { sharePrice: "1100" } });

    const overview = await getPortfolioOverview(prisma, investor.id, now);
    expect(overview.annualisedReturn.kind).toBe("rate");
    if (overview.annualisedReturn.kind === "rate") expect(overview.annualisedReturn.rate).toBeCloseTo(0.1, 4);
  });
});
