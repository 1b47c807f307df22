import { Decimal } from "~/lib/money";
import type { Db } from "~/services/db.server";
import { holdingsAt } from "~/domain/distributions/distributions.server";
import { allocate, endOfIstDate, istDate } from "~/domain/distributions/distribution-rules";
import { splitPayments } from "./tds.server";
import { maskPan } from "./tds-split";

export type HolderTdsLine = {
  userId: string;
  investor: string;
  shares: number | null;
  gross: string;
  tds: string;
  net: string;
  rate: string;
  section: string;
  pan: string;
};

export type DistributionTds = {
  /** "preview": what the payment would book now; "paid": what it booked. */
  kind: "preview" | "paid";
  /** For a preview: whose holdings it counts (before the record date ends they can still change). */
  holdingsAsOf: "now" | "record date";
  lines: HolderTdsLine[];
  totals: { gross: string; tds: string; net: string };
};

const totalsOf = (lines: { gross: Decimal; tds: Decimal; net: Decimal }[]) => {
  const sum = (pick: (l: (typeof lines)[number]) => Decimal) => lines.reduce((s, l) => s.plus(pick(l)), new Decimal(0)).toFixed(2);
  return { gross: sum((l) => l.gross), tds: sum((l) => l.tds), net: sum((l) => l.net) };
};

async function investorNames(db: Db, userIds: string[]) {
  const users = await db.userProfile.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, fullName: true } });
  return new Map(users.map((u) => [u.id, u.fullName ? `${u.fullName} <${u.email}>` : u.email]));
}

/**
 * Each holder's gross, TDS and net for one distribution: once paid, the withholding rows it
 * booked; before, a preview from the same split the payment calls (ADR 0065), with the holdings
 * at the end of the record date (or now, if it has not ended) and dated its payment date.
 */
export async function distributionTds(db: Db, distributionId: string, now = new Date()): Promise<DistributionTds | null> {
  const row = await db.propertyDistribution.findUnique({
    where: { id: distributionId },
    select: {
      status: true,
      propertyId: true,
      basis: true,
      fundedAmount: true,
      declaredPerShare: true,
      recordDate: true,
      paymentDate: true,
    },
  });
  if (!row) return null;
  if (row.status === "paid") {
    const paid = await db.tdsWithholding.findMany({ where: { distributionId }, orderBy: { userId: "asc" } });
    // Paid before TDS was withheld (ADR 0065): nothing to show beyond the distribution's own row.
    if (paid.length === 0) return null;
    const shares = await db.transaction.findMany({
      where: { referenceId: distributionId, transactionType: "dividend" },
      select: { userId: true, shares: true },
    });
    const sharesOf = new Map(shares.map((s) => [s.userId, s.shares]));
    const names = await investorNames(
      db,
      paid.map((p) => p.userId),
    );
    return {
      kind: "paid",
      holdingsAsOf: "record date",
      lines: paid.map((p) => ({
        userId: p.userId,
        investor: names.get(p.userId) ?? "",
        shares: sharesOf.get(p.userId) ?? null,
        gross: p.gross.toFixed(2),
        tds: p.tds.toFixed(2),
        net: p.net.toFixed(2),
        rate: p.rate.toFixed(2),
        section: p.section,
        pan: maskPan(p.pan),
      })),
      totals: totalsOf(paid),
    };
  }
  const recordDate = row.recordDate.toISOString().slice(0, 10);
  const cutoff = endOfIstDate(recordDate);
  const ended = cutoff <= now;
  const holdings = await holdingsAt(db, row.propertyId, ended ? cutoff : now);
  const allocation = allocate(row.fundedAmount, row.basis === "per_share" ? "per_share" : "total", row.declaredPerShare, holdings);
  const paymentDate = row.paymentDate.toISOString().slice(0, 10);
  const splits = await splitPayments(db, allocation.payments, paymentDate < istDate(now) ? istDate(now) : paymentDate);
  const names = await investorNames(
    db,
    splits.map((s) => s.userId),
  );
  const sharesOf = new Map(allocation.payments.map((p) => [p.userId, p.shares]));
  return {
    kind: "preview",
    holdingsAsOf: ended ? "record date" : "now",
    lines: splits.map((s) => ({
      userId: s.userId,
      investor: names.get(s.userId) ?? "",
      shares: sharesOf.get(s.userId) ?? null,
      gross: s.gross.toFixed(2),
      tds: s.tds.toFixed(2),
      net: s.net.toFixed(2),
      rate: s.rate.toFixed(2),
      section: s.section,
      pan: maskPan(s.pan),
    })),
    totals: totalsOf(splits),
  };
}
