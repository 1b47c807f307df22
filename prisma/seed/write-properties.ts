import { Decimal } from "~/lib/money";
import { dateOffset } from "./clock";
import { PERSONAS, userId } from "./personas";
import { imageUrls, PROPERTIES } from "./properties";
import { propertyFactColumns } from "./property-facts";
import type { SeedContext } from "./context";

/**
 * The catalogue, written with the funding state its seeded investments add up to:
 * available_shares = total_shares − shares sold, funded_amount = shares sold × price.
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
        propertyStatus: property.status,
        totalValue: property.totalValue,
        sharePrice: property.sharePrice,
        totalShares: totalShares.toNumber(),
        availableShares: totalShares.toNumber() - property.soldShares,
        minimumInvestment: property.minimumInvestment,
        maximumInvestment: property.maximumInvestment,
        expectedAnnualReturn: property.expectedReturn,
        actualRoiPercentage: property.actualRoi,
        fundingGoal: property.totalValue,
        fundedAmount: new Decimal(property.sharePrice).times(property.soldShares).toFixed(2),
        investmentStartDate: property.window ? dateOffset(clock, property.window.start) : null,
        investmentEndDate: property.window ? dateOffset(clock, property.window.end) : null,
        featured: property.featured,
        images: imageUrls(property),
        sharesSellable: property.sharesSellable,
        ...propertyFactColumns(property, clock.now),
        createdBy: adminId,
        createdAt: clock.daysAgo(property.createdDaysAgo, 6),
        updatedAt: clock.daysAgo(Math.min(property.createdDaysAgo, 2), 6),
      };
    }),
  });
}
