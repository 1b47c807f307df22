import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { recalculateTier } from "./recalculate-tier.server";

const db = useTestDatabase();

describe("recalculateTier", () => {
  it("stores the computed tier from confirmed investments", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma, { subscriptionActive: true });
    expect(await recalculateTier(prisma, user.id)).toBe("waitlist_player");
    const property = await createProperty(prisma);
    await prisma.investment.create({
      data: { userId: user.id, propertyId: property.id, sharesOwned: 3, pricePerShare: "10000", totalInvestment: "30000" },
    });
    expect(await recalculateTier(prisma, user.id)).toBe("large_investor");
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("large_investor");
  });

  it("leaves an admin-overridden tier alone", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma, { subscriptionActive: true, tier: "small_investor", tierOverrideByAdmin: true });
    expect(await recalculateTier(prisma, user.id)).toBe("small_investor");
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("small_investor");
  });
});
