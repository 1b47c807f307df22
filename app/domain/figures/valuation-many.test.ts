import { describe, expect, it } from "vitest";
import { createInvestor, createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { valuationPrices } from "./valuation.server";

const db = useTestDatabase();

describe("valuationPrices for many properties at once (the overview's holdings)", () => {
  it("gives each property exactly what asking for it alone gives: NAV, last resale or issue price", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true, kycStatus: "approved" });
    const buyer = await createInvestor(prisma);
    const issued = await createProperty(prisma, { sharePrice: "2500.50" });
    const resold = await createProperty(prisma, { sharePrice: "1000.00" });
    const valued = await createProperty(prisma, { totalShares: 1000, sharePrice: "10000", totalValue: "10000000" });
    await prisma.$executeRaw`
      INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, price_per_share, description)
      VALUES (${buyer.id}::uuid, ${resold.id}, 'share_purchase', 'completed', 2250.10, 0, 2, 1125.05, 'resale')`;
    await prisma.$executeRaw`
      INSERT INTO property_valuations (property_id, valuer, valuation_date, value, debts, reserves, report_storage_key, report_size, status, recorded_by)
      VALUES (${valued.id}, 'Valuers LLP', DATE '2026-09-30', 12345000, 0, 0, 'k', 1, 'recorded', ${admin.id}::uuid)`;
    await prisma.property.update({ where: { id: valued.id }, data: { debts: "45000", reserves: "1000" } });

    const many = await valuationPrices(prisma, [issued.id, resold.id, valued.id, "no-such-property"]);
    expect(many.size).toBe(3);
    expect(many.get(issued.id)).toEqual({ price: "2500.50", source: "issue_price", asOf: null });
    expect(many.get(resold.id)).toEqual({ price: "1125.05", source: "last_trade", asOf: null });
    expect(many.get(valued.id)).toMatchObject({ source: "nav", asOf: "2026-09-30" });
    for (const id of [issued.id, resold.id, valued.id]) expect(many.get(id)).toEqual((await valuationPrices(prisma, [id])).get(id));
    expect(await valuationPrices(prisma, ["no-such-property", "nor-this-one"])).toEqual(new Map());
  });
});
