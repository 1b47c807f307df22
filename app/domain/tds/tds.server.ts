import { Decimal } from "~/lib/money";
import type { Db, Tx } from "~/services/db.server";
import { financialQuarterOf, splitDistribution, type TdsRateRow, type TdsSplit } from "./tds-split";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The whole rate table (a handful of rows), as the pure split reads it. */
export async function loadTdsRates(db: Db): Promise<TdsRateRow[]> {
  const rows = await db.tdsRate.findMany({ orderBy: [{ validFrom: "desc" }, { createdAt: "desc" }] });
  return rows.map((r) => ({
    id: r.id,
    act: r.act,
    section: r.section,
    payeeResidency: r.payeeResidency === "non_resident" ? "non_resident" : "resident",
    rateWithPan: r.rateWithPan.toFixed(2),
    rateWithoutPan: r.rateWithoutPan.toFixed(2),
    yearlyThreshold: r.yearlyThreshold.toFixed(2),
    validFrom: day(r.validFrom),
    validTo: r.validTo ? day(r.validTo) : null,
  }));
}

/**
 * Each user's PAN when their KYC is approved (the PAN card row's number, newest first); null
 * otherwise: a PAN nobody verified counts as not furnished (s.206AA, ADR 0065).
 */
export async function verifiedPans(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  const rows = await db.$queryRaw<{ user_id: string; pan: string | null }[]>`
    SELECT u.user_id::text AS user_id,
           (SELECT d.metadata->>'pan_number' FROM kyc_documents d
             WHERE d.user_id = u.user_id AND d.document_type = 'pan_card' AND d.metadata ? 'pan_number'
             ORDER BY d.created_at DESC LIMIT 1) AS pan
      FROM user_profiles u
     WHERE u.user_id = ANY(${userIds}::uuid[]) AND u.kyc_status = 'approved'`;
  const pans = new Map<string, string | null>(userIds.map((id) => [id, null]));
  for (const row of rows) pans.set(row.user_id, row.pan && /^[A-Z]{5}\d{4}[A-Z]$/.test(row.pan) ? row.pan : null);
  return pans;
}

async function yearToDate(db: Db, userIds: string[], financialYear: number) {
  const rows = await db.tdsWithholding.groupBy({
    by: ["userId"],
    where: { userId: { in: userIds }, financialYear },
    _sum: { gross: true, tds: true },
  });
  return new Map(rows.map((r) => [r.userId, { gross: r._sum.gross ?? new Decimal(0), tds: r._sum.tds ?? new Decimal(0) }]));
}

export type HolderSplit = TdsSplit & { userId: string; pan: string | null };

/**
 * Every holder's split of one payment dated `paymentDate` (IST), from the rate table, the
 * verified PANs and what each was paid earlier in that financial year: what the admin's preview
 * shows and what the payment books, from the same function.
 */
export async function splitPayments(
  db: Db,
  payments: { userId: string; amount: Decimal.Value }[],
  paymentDate: string,
): Promise<HolderSplit[]> {
  if (payments.length === 0) return [];
  const userIds = payments.map((p) => p.userId);
  const rates = await loadTdsRates(db);
  const { financialYear } = financialQuarterOf(paymentDate);
  const [pans, before] = await Promise.all([verifiedPans(db, userIds), yearToDate(db, userIds, financialYear)]);
  return payments.map((p) => {
    const pan = pans.get(p.userId) ?? null;
    const split = splitDistribution({
      gross: p.amount,
      paymentDate,
      panValid: pan !== null,
      rates,
      yearToDate: before.get(p.userId) ?? { gross: 0, tds: 0 },
    });
    return { ...split, userId: p.userId, pan };
  });
}

/**
 * Serialises payments to the same investors (two distributions paid at once), so each reads the
 * year's total the other wrote: transaction-scoped advisory locks, taken in user-id order.
 */
export async function lockPayees(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return;
  const sorted = [...userIds].sort();
  await tx.$queryRaw`SELECT count(pg_advisory_xact_lock(hashtextextended('tds:' || u, 0)))::int AS n FROM unnest(${sorted}::text[]) AS t(u)`;
}

/** The withholding rows of one paid distribution, written in its payment's transaction. */
export async function recordWithholdings(
  tx: Tx,
  input: { distributionId: string; journalId: string; paidAt: Date; splits: HolderSplit[] },
) {
  if (input.splits.length === 0) return;
  await tx.tdsWithholding.createMany({
    data: input.splits.map((s) => ({
      userId: s.userId,
      distributionId: input.distributionId,
      journalId: input.journalId,
      rateId: s.rateId,
      act: s.act,
      section: s.section,
      pan: s.pan,
      gross: s.gross.toFixed(2),
      rate: s.rate.toFixed(2),
      tds: s.tds.toFixed(2),
      net: s.net.toFixed(2),
      financialYear: s.financialYear,
      quarter: s.quarter,
      paidAt: input.paidAt,
    })),
  });
}
