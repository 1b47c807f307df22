import type { Db } from "~/services/db.server";

export type PlatformTotals = {
  /** Investment rows, every status (a cancelled or sold lot stays a row). */
  investments: number;
  /** Their total_investment, in rupees with paise, every status. */
  invested: string;
  /** Users with at least one investment row. */
  investors: number;
  users: number;
  usersSubscribed: number;
};

type TotalsRow = { investments: string; invested: string; investors: string; users: string; users_subscribed: string };

/**
 * The platform's totals from the counters the database keeps in the same transaction as every
 * investment and user row (ADR 0078): one row per counter plus the changes since the last fold
 * (a minute's), whatever the platform's size, exact at every commit. The definitions are the
 * ones the admin pages always showed (every investment row, whatever its status).
 */
export async function readPlatformTotals(db: Db): Promise<PlatformTotals> {
  const [row] = await db.$queryRaw<TotalsRow[]>`
    SELECT coalesce(sum(value) FILTER (WHERE metric LIKE 'investments:%'), 0)::bigint::text AS investments,
           coalesce(sum(value) FILTER (WHERE metric LIKE 'invested:%'), 0)::numeric(20,2)::text AS invested,
           coalesce(sum(value) FILTER (WHERE metric = 'investors'), 0)::bigint::text AS investors,
           coalesce(sum(value) FILTER (WHERE metric = 'users'), 0)::bigint::text AS users,
           coalesce(sum(value) FILTER (WHERE metric = 'users_subscribed'), 0)::bigint::text AS users_subscribed
      FROM platform_counters`;
  const count = (value: string) => Number.parseInt(value, 10);
  return {
    investments: count(row!.investments),
    invested: row!.invested,
    investors: count(row!.investors),
    users: count(row!.users),
    usersSubscribed: count(row!.users_subscribed),
  };
}

/** Folds each counter's rows into one (the job, every minute); answers how many rows it folded. */
export async function compactPlatformCounters(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ folded: number }[]>`SELECT platform_counters_compact() AS folded`;
  return row!.folded;
}
