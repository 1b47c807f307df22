import type { Db, Prisma } from "~/services/db.server";
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
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

function whereFor(filters: UserListFilters): Prisma.UserProfileWhereInput {
  const where: Prisma.UserProfileWhereInput = {};
  if (filters.search) {
    where.OR = [
      { email: { contains: filters.search, mode: "insensitive" } },
      { fullName: { contains: filters.search, mode: "insensitive" } },
    ];
  }
  if (filters.tier !== "all") where.tier = filters.tier;
  if (filters.kyc !== "all") where.kycStatus = filters.kyc;
  if (filters.subscription !== "all") where.subscriptionActive = filters.subscription === "active";
  if (filters.admin !== "all") where.isAdmin = filters.admin === "admins";
  return where;
}

/** One page of users, newest first, with the total for the pager. */
export async function listUsers(db: Db, filters: UserListFilters) {
  const where = whereFor(filters);
  const [total, rows] = await Promise.all([
    db.userProfile.count({ where }),
    db.userProfile.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (filters.page - 1) * USERS_PAGE_SIZE,
      take: USERS_PAGE_SIZE,
      select: {
        id: true,
        email: true,
        fullName: true,
        createdAt: true,
        tier: true,
        tierOverrideByAdmin: true,
        kycStatus: true,
        isAdmin: true,
        subscriptionActive: true,
      },
    }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)) };
}
