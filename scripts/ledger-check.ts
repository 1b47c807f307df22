// `npm run ledger:check`: proves the wallets equal the ledger, held balances equal the open
// pending journals, and the domain's promises about money in flight hold (checkInvariants). Uses DATABASE_URL, or the embedded database under DATA_DIR when
// one has been created there. Exit 1 on any problem.
import { existsSync } from "node:fs";
import path from "node:path";
import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { createPrismaClient } from "~/services/db.server";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "~/services/embedded-postgres.server";

async function main(): Promise<number> {
  let embedded: EmbeddedDatabase | undefined;
  // Direct when given: the check's queries may use named prepared statements.
  let url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || undefined;
  if (!url) {
    const dataDir = path.resolve(process.env.DATA_DIR || ".data");
    if (!existsSync(path.join(dataDir, "pg", "PG_VERSION"))) {
      console.error(`ledger:check: DATABASE_URL is not set and there is no embedded database under ${dataDir}/pg`);
      return 2;
    }
    embedded = await startEmbeddedPostgres(dataDir);
    url = embedded.url;
  }
  const prisma = createPrismaClient(url);
  try {
    const problems = await checkInvariants(prisma);
    if (problems.length === 0) {
      console.log(
        "ledger:check OK: every wallet equals its postings, every journal balances, held balances equal the open pending journals, " +
          "no pending journal is past its expiry, every open withdrawal has a live hold, every active sell request's shares are committed, " +
          "the gateway and payout clearing accounts agree with their payments, payouts, settlements and fundings",
      );
      return 0;
    }
    for (const { check, subject, problem } of problems) console.error(`[${check}] ${subject}: ${problem}`);
    console.error(`ledger:check FAILED: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
    return 1;
  } finally {
    await prisma.$disconnect();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ledger:check could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
