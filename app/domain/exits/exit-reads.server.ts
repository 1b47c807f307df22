import { Decimal } from "~/lib/money";
import type { Db } from "~/services/db.server";
import { endOfIstDate } from "~/domain/distributions/distribution-rules";
import { entryClassIrr, netProceeds, payoutPerShare } from "./exit-rules";

export type ExitStatus = "proposed" | "agreed" | "completed";

export type EntryClassReturn = { entryPrice: string; entryMonth: string; shares: number; irrPercent: string | null };

/** A property's sale as every surface shows it: the one source of its figures (ADR 0071). */
export type PropertyExitView = {
  id: string;
  status: ExitStatus;
  buyerName: string;
  salePrice: string;
  costs: string;
  netProceeds: string;
  /** (price − costs) / total shares, exact to 4 places (rounded down). */
  perShare: string;
  totalShares: number;
  expectedCompletionDate: string;
  note: string;
  tradingStoppedAt: string | null;
  completedAt: string | null;
  paidAmount: string | null;
  remainderAmount: string | null;
  holderCount: number | null;
  awaitingApproval: "exit_propose" | "exit_complete" | null;
};

export async function getPropertyExit(db: Db, propertyId: string): Promise<PropertyExitView | null> {
  const exit = await db.propertyExit.findFirst({
    where: { propertyId, status: { not: "withdrawn" } },
    orderBy: { createdAt: "desc" },
  });
  // Most properties have no sale: the property and the approval are read only for one that has.
  if (!exit) return null;
  const [property, awaiting] = await Promise.all([
    db.property.findUniqueOrThrow({ where: { id: propertyId }, select: { totalShares: true } }),
    db.moneyApproval.findFirst({
      where: { targetId: exit.id, status: "awaiting", kind: { in: ["exit_propose", "exit_complete"] } },
      select: { kind: true },
    }),
  ]);
  const net = netProceeds(exit.salePrice, exit.costs);
  return {
    id: exit.id,
    status: exit.status as ExitStatus,
    buyerName: exit.buyerName,
    salePrice: exit.salePrice.toFixed(2),
    costs: exit.costs.toFixed(2),
    netProceeds: net.toFixed(2),
    perShare: payoutPerShare(net, property.totalShares).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(4),
    totalShares: property.totalShares,
    expectedCompletionDate: exit.expectedCompletionDate.toISOString().slice(0, 10),
    note: exit.note,
    tradingStoppedAt: exit.tradingStoppedAt?.toISOString() ?? null,
    completedAt: exit.completedAt?.toISOString() ?? null,
    paidAmount: exit.paidAmount?.toFixed(2) ?? null,
    remainderAmount: exit.remainderAmount?.toFixed(2) ?? null,
    holderCount: exit.holderCount,
    awaitingApproval: awaiting?.kind === "exit_propose" || awaiting?.kind === "exit_complete" ? awaiting.kind : null,
  };
}

export type HolderExitView = PropertyExitView & {
  /** The holder's shares now (agreed) or when it was paid (completed). */
  shares: number;
  /** Expected (agreed) or paid (completed) to this holder. */
  payout: string;
  entryClasses: EntryClassReturn[];
};

/**
 * What an investor sees of a sale, once a second admin agreed it: the figures, their own
 * expected or received pay-out, and for a sold property the final IRR per class of entry.
 */
export async function getHolderExitView(db: Db, propertyId: string, userId: string | null): Promise<HolderExitView | null> {
  const exit = await getPropertyExit(db, propertyId);
  if (!exit || exit.status === "proposed") return null;
  let shares = 0;
  let payout = new Decimal(0);
  if (userId && exit.status === "completed") {
    const paid = await db.transaction.findFirst({
      where: { userId, propertyId, transactionType: "exit_payout", referenceId: exit.id },
      select: { shares: true, amount: true },
    });
    shares = paid?.shares ?? 0;
    payout = paid?.amount ?? new Decimal(0);
  } else if (userId) {
    const position = await db.userPropertyPosition.findUnique({
      where: { userId_propertyId: { userId, propertyId } },
      select: { shares: true },
    });
    shares = position?.shares ?? 0;
    payout = new Decimal(exit.netProceeds).times(shares).div(exit.totalShares).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  }
  const entryClasses = exit.status === "completed" ? await entryClassReturns(db, propertyId, exit) : [];
  return { ...exit, shares, payout: payout.toFixed(2), entryClasses };
}

/**
 * The final IRR of a sold property per class of entry: shares bought at the same price in the
 * same month (the issue, then each resale price), entered on their share-weighted mean date.
 */
export async function entryClassReturns(db: Db, propertyId: string, exit: PropertyExitView): Promise<EntryClassReturn[]> {
  if (exit.status !== "completed" || !exit.completedAt) return [];
  const [classes, dividends] = await Promise.all([
    db.$queryRaw<{ price: string; month: string; shares: number; mean_epoch: number }[]>`
      SELECT price_per_share::text AS price, to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS month,
             sum(shares)::int AS shares, (sum(extract(epoch FROM created_at) * shares) / sum(shares))::float8 AS mean_epoch
        FROM transactions
       WHERE property_id = ${propertyId} AND status = 'completed' AND shares > 0 AND price_per_share IS NOT NULL
         AND transaction_type IN ('investment', 'share_purchase')
       GROUP BY 1, 2
       ORDER BY 2, 1`,
    db.propertyDistribution.findMany({
      where: { propertyId, status: "paid", paidAt: { not: null }, perShareAmount: { not: null } },
      select: { paidAt: true, recordDate: true, perShareAmount: true },
    }),
  ]);
  const flows = dividends.map((d) => ({
    paidAt: d.paidAt!,
    recordEnd: endOfIstDate(d.recordDate.toISOString().slice(0, 10)),
    perShare: d.perShareAmount!.toString(),
  }));
  const exact = new Decimal(exit.netProceeds).div(exit.totalShares).toString();
  return classes.map((c) => {
    const rate = entryClassIrr({ entryPrice: c.price, entryDate: new Date(c.mean_epoch * 1000), shares: c.shares }, flows, {
      paidAt: new Date(exit.completedAt!),
      perShare: exact,
    });
    return {
      entryPrice: new Decimal(c.price).toFixed(2),
      entryMonth: c.month,
      shares: c.shares,
      irrPercent: rate === null ? null : (rate * 100).toFixed(1),
    };
  });
}
