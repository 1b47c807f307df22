import { Prisma, type Db } from "~/services/db.server";

/**
 * Everything the user-details view shows: the profile, investments grouped by property
 * (with each purchase), sell requests, holdings per property and the 10 latest transactions.
 */
export async function getUserDetails(db: Db, userId: string) {
  const profile = await db.userProfile.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      fullName: true,
      phone: true,
      tier: true,
      tierOverrideByAdmin: true,
      tierOverrideAt: true,
      kycStatus: true,
      isAdmin: true,
      subscriptionActive: true,
      createdAt: true,
      lastActivityAt: true,
      _count: { select: { sessions: true } },
    },
  });
  if (!profile) return null;
  const [investments, sellRequests, positions, transactions] = await Promise.all([
    db.investment.findMany({
      where: { userId },
      orderBy: { investmentDate: "desc" },
      select: {
        id: true,
        propertyId: true,
        sharesOwned: true,
        pricePerShare: true,
        totalInvestment: true,
        investmentStatus: true,
        investmentDate: true,
        property: { select: { title: true } },
      },
    }),
    db.shareSellRequest.findMany({
      where: { sellerId: userId },
      orderBy: { createdAt: "desc" },
      take: 50,
      select: {
        id: true,
        sharesToSell: true,
        remainingShares: true,
        pricePerShare: true,
        status: true,
        adminNotes: true,
        createdAt: true,
        property: { select: { title: true } },
      },
    }),
    db.userPropertyPosition.findMany({
      where: { userId, shares: { gt: 0 } },
      orderBy: { property: { title: "asc" } },
      select: { propertyId: true, shares: true, avgPrice: true, costBasis: true, property: { select: { title: true } } },
    }),
    db.transaction.findMany({
      where: { userId },
      orderBy: { createdAt: "desc" },
      take: 10,
      select: { id: true, transactionType: true, amount: true, status: true, createdAt: true, property: { select: { title: true } } },
    }),
  ]);

  const groups = new Map<
    string,
    { propertyId: string; title: string; total: Prisma.Decimal; shares: number; purchases: typeof investments }
  >();
  for (const investment of investments) {
    const group = groups.get(investment.propertyId) ?? {
      propertyId: investment.propertyId,
      title: investment.property.title,
      total: new Prisma.Decimal(0),
      shares: 0,
      purchases: [],
    };
    group.total = group.total.plus(investment.totalInvestment);
    group.shares += investment.sharesOwned;
    group.purchases.push(investment);
    groups.set(investment.propertyId, group);
  }
  const investmentsByProperty = [...groups.values()].map((group) => ({
    propertyId: group.propertyId,
    title: group.title,
    total: group.total.toFixed(2),
    shares: group.shares,
    averagePrice: group.shares > 0 ? group.total.dividedBy(group.shares).toDecimalPlaces(2).toFixed(2) : "0.00",
    purchases: group.purchases.map((p) => ({
      id: p.id,
      date: p.investmentDate,
      shares: p.sharesOwned,
      pricePerShare: p.pricePerShare.toFixed(2),
      total: p.totalInvestment.toFixed(2),
      status: p.investmentStatus,
    })),
  }));

  return {
    profile: { ...profile, sessionCount: profile._count.sessions },
    investmentsByProperty,
    sellRequests: sellRequests.map((r) => ({ ...r, pricePerShare: r.pricePerShare.toFixed(2), title: r.property.title })),
    holdings: positions.map((p) => ({
      propertyId: p.propertyId,
      title: p.property.title,
      shares: p.shares,
      avgPrice: p.avgPrice.toFixed(2),
      costBasis: p.costBasis.toFixed(2),
    })),
    transactions: transactions.map((t) => ({ ...t, amount: t.amount.toFixed(2), title: t.property?.title ?? null })),
  };
}
