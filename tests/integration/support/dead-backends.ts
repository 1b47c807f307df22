import { expect } from "vitest";
import type { PrismaClient } from "../../../app/services/db.server";

/**
 * Waits until no other backend is running a statement that contains `fragment`: after a
 * process was killed, its connections end only once PostgreSQL notices, and until then its
 * open transaction is undecided (neither committed nor rolled back).
 */
export async function untilNoBackendRuns(prisma: PrismaClient, fragment: string, timeout = 30_000): Promise<void> {
  const pattern = `%${fragment}%`;
  await expect
    .poll(
      async () =>
        (
          await prisma.$queryRaw<{ n: number }[]>`
            SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE query LIKE ${pattern} AND pid <> pg_backend_pid()`
        )[0]!.n,
      { timeout },
    )
    .toBe(0);
}
