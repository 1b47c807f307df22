import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPortfolioOverview } from "./portfolio-overview.server";
import { getPropertyPosition } from "./property-position.server";

const db = useTestDatabase();

describe("getPropertyPosition", () => {
  it("agrees with the overview and replays the purchases", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const property = await createProperty(prisma, { title: "Whitefield Towers", sharePrice: "1000", minimumInvestment: "1000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    await prisma.property.update({ where: { id: property.id }, data: { sharePrice: "1100" } });
    await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    await prisma.property.update({ where: { id: property.id }, data: { sharePrice: "900" } });

    const position = await getPropertyPosition(prisma, investor.id, property.id);
    expect(position).toMatchObject({
      title: "Whitefield Towers",
      sharesOwned: 4,
      // Price and the 2% platform fee (ADR 0046): 2,000 + 40 and 2,200 + 44.
      totalInvestment: "4284.00",
      averagePrice: "1071.00",
      currentPrice: "900.00",
      currentValue: "3600.00",
      profitLoss: "-684.00",
      sharesSellable: false,
    });
    expect(position?.history.map((row) => [row.kind, row.sharesAfter, row.averagePrice])).toEqual([
      ["buy", 2, "1020.00"],
      ["buy", 4, "1071.00"],
    ]);
    const overview = await getPortfolioOverview(prisma, investor.id);
    expect(overview.totals.currentValue).toBe(position?.currentValue);
    expect(overview.totals.totalInvestment).toBe(position?.totalInvestment);
  });

  it("is null for an unknown property and for one the investor never held", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "0" });
    const property = await createProperty(prisma);
    expect(await getPropertyPosition(prisma, investor.id, property.id)).toBeNull();
    expect(await getPropertyPosition(prisma, investor.id, "no-such-property")).toBeNull();
  });
});
