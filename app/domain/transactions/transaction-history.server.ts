import { preparedQuery, type Db, type Prisma, type PreparedStatement } from "~/services/db.server";
import { Decimal } from "~/lib/money";
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

/**
 * What the history's list shows of a row. Its loader sends only this, so the page's data
 * is what its HTML needs; the details dialog reads its own row (getOwnTransaction).
 */
export type HistoryListRow = Pick<HistoryRow, "id" | "type" | "status" | "walletEffect" | "shares" | "description" | "createdAt"> & {
  property: { title: string } | null;
};

export function historyListRow(row: HistoryRow): HistoryListRow {
  const { id, type, status, walletEffect, shares, description, createdAt, property } = row;
  return { id, type, status, walletEffect, shares, description, createdAt, property: property && { title: property.title } };
}

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

/** A transaction as either read gives it: Prisma's rows (one transaction) or the page's own statement. */
type HistoryFields = {
  id: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: Decimal.Value;
  fee: Decimal.Value;
  shares: number | null;
  pricePerShare: Decimal.Value | null;
  description: string | null;
  referenceId: string | null;
  journalId: string | null;
  createdAt: Date;
  property: { id: string; title: string; city: string; sharePrice: Decimal.Value; spvName: string | null } | null;
};

function toRow(t: HistoryFields): HistoryRow {
  const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    amount: money(t.amount),
    fee: t.type === "fee" ? "0.00" : money(t.fee),
    walletEffect: walletEffect({ type: t.type, amount: t.amount, fee: t.fee, status: t.status, shares: t.shares }).toFixed(2),
    shares: t.shares,
    pricePerShare: t.pricePerShare === null ? null : money(t.pricePerShare),
    description: t.description,
    referenceId: t.referenceId,
    journalId: t.journalId,
    createdAt: t.createdAt.toISOString(),
    property: t.property
      ? {
          id: t.property.id,
          title: t.property.title,
          city: t.property.city,
          sharePrice: money(t.property.sharePrice),
          spvName: t.property.spvName,
        }
      : null,
  };
}

const fromPrisma = ({ transactionType, ...t }: Selected): HistoryFields => ({ ...t, type: transactionType });

/** The `?page=` value: a whole number from 1; anything else is the first page. */
export function parseHistoryPage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

// $1 the user, $2 the page asked for (and $3 the type, in the filtered one). The count, the
// page kept within 1..pageCount and its rows in one prepared statement: the history is on every
// investor's way, and Prisma sent two statements (and its query pipeline cost more of the node's
// CPU than the 25 rows). The page size is written in, not passed: as a parameter it made
// PostgreSQL plan the statement again on every page for a large investor (ADR 0090).
function historyStatement(filtered: boolean): PreparedStatement {
  const where = `user_id = $1::uuid${filtered ? " AND transaction_type = $3::transaction_type" : ""}`;
  const size = HISTORY_PAGE_SIZE;
  return {
    name: filtered ? "read_history_page_of_type" : "read_history_page",
    text: `
      WITH shown AS (
             SELECT total, least(greatest($2::bigint, 1), greatest(1, (total + ${size - 1}) / ${size}))::int AS page
               FROM (SELECT count(*)::int AS total FROM transactions WHERE ${where}) counted)
      SELECT shown.total, shown.page, t.id::text, t.transaction_type::text AS type, t.status::text, t.amount::text, t.fee::text,
             t.shares, t.price_per_share::text, t.description, t.reference_id, t.journal_id::text, t.created_at,
             p.id AS property_id, p.title AS property_title, p.city AS property_city,
             p.share_price::text AS property_share_price, p.spv_name AS property_spv_name
        FROM shown
        LEFT JOIN LATERAL (
             SELECT * FROM transactions WHERE ${where}
              ORDER BY created_at DESC, id DESC
             OFFSET (shown.page - 1) * ${size} LIMIT ${size}) t ON true
        LEFT JOIN properties p ON p.id = t.property_id
       ORDER BY t.created_at DESC, t.id DESC`,
  };
}
const READ_HISTORY_PAGE = historyStatement(false);
const READ_HISTORY_PAGE_OF_TYPE = historyStatement(true);

type HistoryPageRow = {
  total: number;
  page: number;
  id: string | null;
  type: TransactionType;
  status: TransactionStatus;
  amount: string;
  fee: string;
  shares: number | null;
  price_per_share: string | null;
  description: string | null;
  reference_id: string | null;
  journal_id: string | null;
  created_at: Date;
  property_id: string | null;
  property_title: string;
  property_city: string;
  property_share_price: string;
  property_spv_name: string | null;
};

/**
 * One page of the user's own history, newest first (id breaks ties, so pages never
 * overlap), optionally one type only. A page past the end shows the last page, so a
 * stale link still shows rows.
 */
export async function listTransactions(db: Db, input: { userId: string; filter: TransactionFilter; page?: number }): Promise<HistoryPage> {
  const all = input.filter === "all";
  const found = await preparedQuery<HistoryPageRow>(db, all ? READ_HISTORY_PAGE : READ_HISTORY_PAGE_OF_TYPE, [
    input.userId,
    input.page ?? 1,
    ...(all ? [] : [input.filter]),
  ]);
  const total = found[0]?.total ?? 0;
  const rows = found
    .filter((row) => row.id !== null)
    .map((row) =>
      toRow({
        id: row.id!,
        type: row.type,
        status: row.status,
        amount: row.amount,
        fee: row.fee,
        shares: row.shares,
        pricePerShare: row.price_per_share,
        description: row.description,
        referenceId: row.reference_id,
        journalId: row.journal_id,
        createdAt: row.created_at,
        property: row.property_id
          ? {
              id: row.property_id,
              title: row.property_title,
              city: row.property_city,
              sharePrice: row.property_share_price,
              spvName: row.property_spv_name,
            }
          : null,
      }),
    );
  return {
    rows,
    page: found[0]?.page ?? 1,
    pageCount: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
    pageSize: HISTORY_PAGE_SIZE,
    total,
  };
}

/** One transaction, only if it belongs to the user (anyone else's id reads as missing). */
export async function getOwnTransaction(db: Db, userId: string, id: string): Promise<HistoryRow | null> {
  if (!isUuid(id)) return null;
  const row = await db.transaction.findFirst({ where: { id, userId }, select });
  return row ? toRow(fromPrisma(row)) : null;
}
