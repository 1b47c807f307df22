import type { Db } from "~/services/db.server";

/** Every property, newest first, with the four summary cards. */
export async function listAdminProperties(db: Db) {
  const rows = await db.property.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      title: true,
      city: true,
      propertyStatus: true,
      totalValue: true,
      sharePrice: true,
      availableShares: true,
      expectedAnnualReturn: true,
      images: true,
    },
  });
  const summary = await db.property.aggregate({ _sum: { totalValue: true } });
  return {
    summary: {
      total: rows.length,
      open: rows.filter((row) => row.propertyStatus === "open").length,
      closedOrFunded: rows.filter((row) => row.propertyStatus === "closed" || row.propertyStatus === "funded").length,
      totalValue: (summary._sum.totalValue ?? 0).toString(),
    },
    properties: rows.map((row) => ({
      ...row,
      totalValue: row.totalValue.toFixed(2),
      sharePrice: row.sharePrice.toFixed(2),
      expectedAnnualReturn: row.expectedAnnualReturn?.toFixed(2) ?? null,
      cover: row.images[0] ?? null,
    })),
  };
}

/** The edit form's values as strings, plus images and documents. */
export async function getPropertyForEdit(db: Db, propertyId: string) {
  const row = await db.property.findUnique({ where: { id: propertyId } });
  if (!row) return null;
  const money = (value: { toFixed(n: number): string } | null) => (value === null ? "" : value.toFixed(2));
  const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : "");
  const values: Record<string, string> = {
    title: row.title,
    description: row.description,
    address: row.address,
    city: row.city,
    country: row.country,
    propertyType: row.propertyType,
    propertyStatus: row.propertyStatus,
    totalValue: money(row.totalValue),
    sharePrice: money(row.sharePrice),
    fundingGoal: money(row.fundingGoal),
    minimumInvestment: money(row.minimumInvestment),
    maximumInvestment: money(row.maximumInvestment),
    expectedAnnualReturn: money(row.expectedAnnualReturn),
    investmentStartDate: day(row.investmentStartDate),
    investmentEndDate: day(row.investmentEndDate),
    featured: row.featured ? "on" : "",
    tenantName: row.tenantName ?? "",
    tenantSector: row.tenantSector ?? "",
    leaseStartDate: day(row.leaseStartDate),
    leaseTermMonths: row.leaseTermMonths?.toString() ?? "",
    lockInMonths: row.lockInMonths?.toString() ?? "",
    rentEscalationPercent: money(row.rentEscalationPercent),
    escalationIntervalMonths: row.escalationIntervalMonths?.toString() ?? "",
    monthlyRent: money(row.monthlyRent),
    expectedRentalYield: money(row.expectedRentalYield),
    expectedAppreciation: money(row.expectedAppreciation),
    spvName: row.spvName ?? "",
    spvStructure: row.spvStructure ?? "",
    valuationAmount: money(row.valuationAmount),
    valuerName: row.valuerName ?? "",
    valuationDate: day(row.valuationDate),
    managementFeePercent: money(row.managementFeePercent),
    performanceFeePercent: money(row.performanceFeePercent),
    exitFeePercent: money(row.exitFeePercent),
  };
  return { id: row.id, title: row.title, images: row.images, availableShares: row.availableShares, totalShares: row.totalShares, values };
}
