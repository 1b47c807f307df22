import type { Db, Prisma } from "~/services/db.server";
import { readPlatformTotals } from "../dashboard/platform-totals.server";
import { escapeLike, readPageDirection, type PageDirection } from "../list-cursor";
import { KYC_FILTERS, TIER_FILTERS } from "./user-filters";

export const USERS_PAGE_SIZE = 25;

export type UserListFilters = {
  search: string;
  tier: (typeof TIER_FILTERS)[number] | "all";
  kyc: (typeof KYC_FILTERS)[number] | "all";
  /** The spec's subscription filter: all, active, inactive (trial). */
  subscription: "all" | "active" | "inactive";
  admin: "all" | "admins" | "non-admins";
  page: number;
  /** A keyset cursor from the pager: read the page after or before that user (issue 37). */
  direction: PageDirection;
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Filters from a query string; anything unknown falls back to "all", so a bad link still lists users. */
export function readUserListFilters(query: URLSearchParams): UserListFilters {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return {
    search: (query.get("q") ?? "").trim().slice(0, 100),
    tier: pick(query.get("tier"), [...TIER_FILTERS, "all"], "all"),
    kyc: pick(query.get("kyc"), [...KYC_FILTERS, "all"], "all"),
    subscription: pick(query.get("subscription"), ["all", "active", "inactive"], "all"),
    admin: pick(query.get("admin"), ["all", "admins", "non-admins"], "all"),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
    direction: readPageDirection(query),
  };
}

function whereFor(filters: UserListFilters): Prisma.UserProfileWhereInput {
  const where: Prisma.UserProfileWhereInput = {};
  if (filters.search) {
    // Prisma passes "contains" to ILIKE as it is: a typed % or _ would match anything.
    const text = escapeLike(filters.search);
    where.OR = [{ email: { contains: text, mode: "insensitive" } }, { fullName: { contains: text, mode: "insensitive" } }];
  }
  if (filters.tier !== "all") where.tier = filters.tier;
  if (filters.kyc !== "all") where.kycStatus = filters.kyc;
  if (filters.subscription !== "all") where.subscriptionActive = filters.subscription === "active";
  if (filters.admin !== "all") where.isAdmin = filters.admin === "admins";
  return where;
}

const USER_COLUMNS = {
  id: true,
  email: true,
  fullName: true,
  createdAt: true,
  tier: true,
  tierOverrideByAdmin: true,
  kycStatus: true,
  isAdmin: true,
  subscriptionActive: true,
} as const;

/** How many users the filters match: every user, or every subscriber, from the platform counters (ADR 0078). */
async function countUsers(db: Db, filters: UserListFilters, where: Prisma.UserProfileWhereInput): Promise<number> {
  const onlySubscription = !filters.search && filters.tier === "all" && filters.kyc === "all" && filters.admin === "all";
  if (onlySubscription && filters.subscription === "all") return (await readPlatformTotals(db)).users;
  if (onlySubscription && filters.subscription === "active") return (await readPlatformTotals(db)).usersSubscribed;
  return db.userProfile.count({ where });
}

/**
 * A plain bound on created_at around the cursor's time, for the (created_at, user_id) index to
 * start from. Prisma's cursor compares exactly (in SQL, to the microsecond) but through
 * subqueries the planner cannot start an index scan from, so the page was read by walking every
 * user before the cursor (13 ms 50,000 deep). A JavaScript date holds milliseconds, so the
 * bound is widened to the whole millisecond: it never excludes a row the cursor would keep.
 */
async function cursorBound(db: Db, cursor: string, backwards: boolean): Promise<Prisma.UserProfileWhereInput | null> {
  const row = await db.userProfile.findUnique({ where: { id: cursor }, select: { createdAt: true } });
  if (!row) return null;
  const ms = row.createdAt.getTime();
  return backwards ? { createdAt: { gte: new Date(ms) } } : { createdAt: { lt: new Date(ms + 1) } };
}

/**
 * One page of users, newest first, with the total for the pager. A search matches e-mail or
 * name through their trigram indexes; the pager's cursors (a row's id) read a neighbouring
 * page from the (created_at, user_id) index instead of walking over the users before it.
 */
export async function listUsers(db: Db, filters: UserListFilters) {
  const where = whereFor(filters);
  const direction = filters.direction;
  const cursor = direction ? ("after" in direction ? direction.after : direction.before) : null;
  const bound = cursor ? await cursorBound(db, cursor, "before" in direction!) : null;
  // Prisma's cursor reads the cursor row's sort key in SQL and skips the row itself; a
  // negative take reads the rows before it, in the list's order.
  const [total, found] = await Promise.all([
    countUsers(db, filters, where),
    db.userProfile.findMany({
      where: bound ? { AND: [where, bound] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : { skip: (filters.page - 1) * USERS_PAGE_SIZE }),
      take: direction && "before" in direction ? -USERS_PAGE_SIZE : USERS_PAGE_SIZE,
      select: USER_COLUMNS,
    }),
  ]);
  const rows = found;
  return {
    rows,
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    cursors: { previous: rows[0]?.id ?? null, next: rows[rows.length - 1]?.id ?? null },
  };
}
