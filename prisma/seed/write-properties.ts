import { Decimal } from "~/lib/money";
import { dateOffset, type Clock } from "./clock";
import { PERSONAS, userId } from "./personas";
import { imageUrls, PROPERTIES, type PropertySeed } from "./properties";
import { propertyFactColumns } from "./property-facts";
import type { SeedContext } from "./context";

/**
 * The catalogue, unsold: a property with planned sales starts open, with every share
 * available and nothing funded, because its shares are sold by the seeded purchases
 * (purchase_shares takes them off and adds the funding, and marks a sold-out property
 * funded); finishFunding then gives it its planned status.
 */
export async function writeProperties({ tx, clock }: SeedContext): Promise<void> {
  const adminId = userId(PERSONAS.admin.email);
  await tx.property.createMany({
    skipDuplicates: true,
    data: PROPERTIES.map((property) => {
      const totalShares = new Decimal(property.totalValue).dividedBy(property.sharePrice);
      if (!totalShares.isInteger()) throw new Error(`${property.id}: total value is not a whole number of shares`);
      return {
        id: property.id,
        title: property.title,
        description: property.description,
        address: property.address,
        city: property.city,
        state: property.state,
        country: "India",
        propertyType: property.type,
        propertyStatus: property.soldShares > 0 ? ("open" as const) : property.status,
        totalValue: property.totalValue,
        sharePrice: property.sharePrice,
        totalShares: totalShares.toNumber(),
        availableShares: totalShares.toNumber(),
        minimumInvestment: property.minimumInvestment,
        maximumInvestment: property.maximumInvestment,
        expectedAnnualReturn: property.expectedReturn,
        actualRoiPercentage: property.actualRoi,
        fundingGoal: property.totalValue,
        fundedAmount: "0",
        investmentStartDate: property.window ? dateOffset(clock, property.window.start) : null,
        investmentEndDate: property.window ? dateOffset(clock, property.window.end) : null,
        featured: property.featured,
        images: imageUrls(property),
        sharesSellable: property.sharesSellable,
        ...propertyFactColumns(property, clock.now),
        createdBy: adminId,
        createdAt: clock.daysAgo(property.createdDaysAgo, 6),
        updatedAt: lastUpdated(property, clock),
      };
    }),
  });
}

function lastUpdated(property: PropertySeed, clock: Clock): Date {
  return clock.daysAgo(Math.min(property.createdDaysAgo, 2), 6);
}

/**
 * After the purchases: each property this run sold shares of gets its planned status (a
 * sold-out one the purchase itself marked funded; an admin closes one whose window ended)
 * and its planned last update. A planned sale that did not happen fails the seed.
 */
export async function finishFunding({ tx, clock }: SeedContext, bought: Set<string>): Promise<void> {
  if (bought.size === 0) return;
  // purchase_shares leaves the properties' page-cache notice to its caller for the rest of
  // the transaction; the seed has no caller to send it, so the trigger speaks again.
  await tx.$executeRaw`SELECT set_config('aangan.page_cache_announced_by_app', 'off', true)`;
  for (const property of PROPERTIES.filter((p) => bought.has(p.id))) {
    const row = await tx.property.findUniqueOrThrow({ where: { id: property.id }, select: { availableShares: true, totalShares: true } });
    if (row.totalShares - row.availableShares !== property.soldShares) {
      throw new Error(`${property.id}: ${row.totalShares - row.availableShares} shares sold, ${property.soldShares} planned`);
    }
    // A sold-out property is funded (a closed one may have sold out before it closed).
    const soldOut = row.availableShares === 0;
    if ((property.status === "funded" && !soldOut) || (property.status === "open" && soldOut)) {
      throw new Error(`${property.id}: planned ${property.status} with ${row.availableShares} shares left`);
    }
    await tx.property.update({
      where: { id: property.id },
      data: { propertyStatus: property.status, updatedAt: lastUpdated(property, clock) },
    });
  }
}
