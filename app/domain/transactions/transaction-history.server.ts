import type { Db, Prisma } from "~/services/db.server";
import type { TransactionFilter, TransactionType } from "~/lib/transactions";
import { walletEffect } from "~/domain/figures/wallet-effect";
import { isUuid } from "~/lib/uuid";
import { type TransactionStatus } from "~/lib/enums";

export type HistoryRow = {
  id: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: string;
  /** The fee charged on top of (or taken from) the amount; 0 on a `fee` row, whose amount is the charge. */
  fee: string;
  /** What the transaction did to the wallet, signed (ADR 0046): every surface prints this one figure. */
  walletEffect: string;
  shares: number | null;
  pricePerShare: string | null;
  description: string | null;
  referenceId: string | null;
  journalId: string | null;
  createdAt: string;
  property: { id: string; title: string; city: string; sharePrice: string; spvName?: string | null } | null;
};

/** Rows per page of the history. */
export const HISTORY_PAGE_SIZE = 25;

export type HistoryPage = {
  rows: HistoryRow[];
  /** The page shown: the one asked for, kept within 1..pageCount. */
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
};

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
  property: { select: { id: true, title: true, city: true, sharePrice: true, spvName: true } },
} satisfies Prisma.TransactionSelect;

type Selected = Prisma.TransactionGetPayload<{ select: typeof select }>;

function toRow(t: Selected): HistoryRow {
  return {
    id: t.id,
    type: t.transactionType,
    status: t.status,
    amount: t.amount.toFixed(2),
    fee: t.transactionType === "fee" ? "0.00" : t.fee.toFixed(2),
    walletEffect: walletEffect({ type: t.transactionType, amount: t.amount, fee: t.fee, status: t.status, shares: t.shares }).toFixed(2),
    shares: t.shares,
    pricePerShare: t.pricePerShare?.toFixed(2) ?? null,
    description: t.description,
    referenceId: t.referenceId,
    journalId: t.journalId,
    createdAt: t.createdAt.toISOString(),
    property: t.property ? { ...t.property, sharePrice: t.property.sharePrice.toFixed(2) } : null,
  };
}

/** The `?page=` value: a whole number from 1; anything else is the first page. */
export function parseHistoryPage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * One page of the user's own history, newest first (id breaks ties, so pages never
 * overlap), optionally one type only. A page past the end shows the last page, so a
 * stale link still shows rows.
 */
export async function listTransactions(db: Db, input: { userId: string; filter: TransactionFilter; page?: number }): Promise<HistoryPage> {
  const where = { userId: input.userId, ...(input.filter === "all" ? {} : { transactionType: input.filter }) };
  const total = await db.transaction.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page ?? 1), pageCount);
  const rows = await db.transaction.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * HISTORY_PAGE_SIZE,
    take: HISTORY_PAGE_SIZE,
    select,
  });
  return { rows: rows.map(toRow), page, pageCount, pageSize: HISTORY_PAGE_SIZE, total };
}

/** One transaction, only if it belongs to the user (anyone else's id reads as missing). */
export async function getOwnTransaction(db: Db, userId: string, id: string): Promise<HistoryRow | null> {
  if (!isUuid(id)) return null;
  const row = await db.transaction.findFirst({ where: { id, userId }, select });
  return row ? toRow(row) : null;
}
