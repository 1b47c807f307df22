import type { Prisma, PrismaClient } from "~/services/db.server";
import type { TransactionFilter, TransactionType } from "~/lib/transactions";

export type HistoryRow = {
  id: string;
  type: TransactionType;
  status: "completed" | "pending" | "failed" | "processing";
  amount: string;
  fee: string;
  shares: number | null;
  pricePerShare: string | null;
  description: string | null;
  referenceId: string | null;
  journalId: string | null;
  createdAt: string;
  property: { id: string; title: string; city: string; sharePrice: string } | null;
};

const HISTORY_LIMIT = 100;

const select = {
  id: true,
  transactionType: true,
  status: true,
  amount: true,
  fee: true,
  shares: true,
  pricePerShare: true,
  description: true,
  referenceId: true,
  journalId: true,
  createdAt: true,
  property: { select: { id: true, title: true, city: true, sharePrice: true } },
} satisfies Prisma.TransactionSelect;

type Selected = Prisma.TransactionGetPayload<{ select: typeof select }>;

function toRow(t: Selected): HistoryRow {
  return {
    id: t.id,
    type: t.transactionType,
    status: t.status,
    amount: t.amount.toFixed(2),
    fee: t.fee.toFixed(2),
    shares: t.shares,
    pricePerShare: t.pricePerShare?.toFixed(2) ?? null,
    description: t.description,
    referenceId: t.referenceId,
    journalId: t.journalId,
    createdAt: t.createdAt.toISOString(),
    property: t.property ? { ...t.property, sharePrice: t.property.sharePrice.toFixed(2) } : null,
  };
}

/** The user's own history, newest first, optionally one type only. */
export async function listTransactions(prisma: PrismaClient, userId: string, filter: TransactionFilter): Promise<HistoryRow[]> {
  const rows = await prisma.transaction.findMany({
    where: { userId, ...(filter === "all" ? {} : { transactionType: filter }) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: HISTORY_LIMIT,
    select,
  });
  return rows.map(toRow);
}

/** One transaction, only if it belongs to the user (anyone else's id reads as missing). */
export async function getOwnTransaction(prisma: PrismaClient, userId: string, id: string): Promise<HistoryRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await prisma.transaction.findFirst({ where: { id, userId }, select });
  return row ? toRow(row) : null;
}
