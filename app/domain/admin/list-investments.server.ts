import { walletEffect } from "~/domain/figures/wallet-effect";
import type { Db, Prisma } from "~/services/db.server";

export const INVESTMENTS_PAGE_SIZE = 25;

/** Every investment, newest first, searchable by investor (name, e-mail) or property (title, city); with the three stats. */
export async function listAllInvestments(db: Db, input: { search: string; page: number }) {
  const search = input.search.trim();
  const where: Prisma.InvestmentWhereInput = search
    ? {
        OR: [
          { user: { fullName: { contains: search, mode: "insensitive" } } },
          { user: { email: { contains: search, mode: "insensitive" } } },
          { property: { title: { contains: search, mode: "insensitive" } } },
          { property: { city: { contains: search, mode: "insensitive" } } },
        ],
      }
    : {};
  const [total, rows, totals, investors] = await Promise.all([
    db.investment.count({ where }),
    db.investment.findMany({
      where,
      orderBy: [{ investmentDate: "desc" }, { id: "asc" }],
      skip: (input.page - 1) * INVESTMENTS_PAGE_SIZE,
      take: INVESTMENTS_PAGE_SIZE,
      select: {
        id: true,
        sharesOwned: true,
        pricePerShare: true,
        totalInvestment: true,
        investmentStatus: true,
        investmentDate: true,
        transaction: { select: { transactionType: true, shares: true, amount: true, fee: true } },
        user: { select: { fullName: true, email: true } },
        property: { select: { title: true, city: true, country: true, propertyType: true } },
      },
    }),
    db.investment.aggregate({ _count: { _all: true }, _sum: { totalInvestment: true } }),
    db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT user_id)::int AS n FROM investments`.then((r) => r[0]?.n ?? 0),
  ]);
  return {
    rows: rows.map(({ transaction, ...row }) => ({
      ...row,
      pricePerShare: row.pricePerShare.toFixed(2),
      totalInvestment: row.totalInvestment.toFixed(2),
      // The purchase as it was made (a later sale rewrites the lot's shares, not what was bought),
      // and what it cost the investor, fee included (ADR 0046).
      purchasedShares: transaction?.shares ?? row.sharesOwned,
      fee: transaction && transaction.transactionType !== "fee" ? transaction.fee.toFixed(2) : "0.00",
      paid: transaction
        ? walletEffect({ type: transaction.transactionType, amount: transaction.amount, fee: transaction.fee }).abs().toFixed(2)
        : row.totalInvestment.toFixed(2),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / INVESTMENTS_PAGE_SIZE)),
    stats: {
      count: totals._count._all,
      totalInvested: (totals._sum.totalInvestment ?? 0).toString(),
      investors,
    },
  };
}
