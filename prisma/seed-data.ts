import { checkInvariants } from "~/domain/invariants/check-invariants.server";
import { createPrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { createClock } from "./seed/clock";
import { buildMoneyPlan } from "./seed/money-plan";
import type { SeedContext } from "./seed/context";
import { writePropertyDocuments } from "./seed/write-documents";
import { writePlans } from "./seed/write-plans";
import { writeEngagement } from "./seed/write-engagement";
import { writePropertyImages } from "./seed/write-images";
import { writeKycDocuments, writeKycFiles } from "./seed/write-kyc";
import { writeMarket } from "./seed/write-market";
import { writeMoney } from "./seed/write-money";
import { writePeople } from "./seed/write-people";
import { writeProperties } from "./seed/write-properties";
import { writeSupport } from "./seed/write-support";
import { writePropertyUpdates } from "./seed/write-updates";
import { writeValuations } from "./seed/write-valuations";
import { writeExit } from "./seed/write-exit";

/** Any fixed number: processes seeding the same database queue on it instead of racing. */
const SEED_LOCK_KEY = 420_260_001;

/** Timings are in milliseconds; `phases` says where a slow start went. */
export type SeedResult = { imagesRendered: number; milliseconds: number; phases: Record<string, number> };

/**
 * Puts the demo data in place (see prisma/seed/): profiles, properties, a year of money
 * through the ledger, holdings, watchlists, alerts, listings, KYC and support tickets.
 * Idempotent: fixed ids and journal idempotency keys make a second run add nothing, and
 * the whole database part runs in one transaction under an advisory lock.
 */
export async function seedDemoData(options: { databaseUrl: string; dataDir: string }): Promise<SeedResult> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  // Rendering is CPU work in sharp's threads; it overlaps the database round trips. The few
  // KYC files go first because their sizes are needed inside the transaction.
  const kycFiles = writeKycFiles(options.dataDir);
  const images = kycFiles.then(() => writePropertyImages(options.dataDir));
  images.then(() => (phases.images = Date.now() - started)).catch(() => undefined); // failure surfaces at the await below
  const prisma = createPrismaClient(options.databaseUrl);
  try {
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`;
        const clock = createClock();
        const context: SeedContext = { tx, clock, plan: buildMoneyPlan(undefined, clock.now), dataDir: options.dataDir };
        phases.untilLocked = Date.now() - started;
        const steps: Array<[string, (context: SeedContext) => Promise<void>]> = [
          ["people", writePeople],
          ["properties", writeProperties],
          ["money", writeMoney],
          ["market", writeMarket],
          ["engagement", writeEngagement],
          ["kyc", async (c) => writeKycDocuments(c, await kycFiles)],
          ["support", writeSupport],
          ["documents", writePropertyDocuments],
          ["updates", writePropertyUpdates],
          ["valuations", writeValuations],
          ["plans", writePlans],
          ["exit", writeExit],
        ];
        for (const [name, step] of steps) {
          const stepStarted = Date.now();
          await step(context);
          phases[name] = Date.now() - stepStarted;
        }
        // The demo must keep the rules real data keeps; a broken one rolls the seed back.
        const problems = await checkInvariants(tx);
        if (problems.length > 0) {
          throw new Error(
            `the demo data breaks ${problems.length} invariant(s): ${problems.map((p) => `[${p.check}] ${p.subject}: ${p.problem}`).join("; ")}`,
          );
        }
      },
      { maxWait: 30_000, timeout: 120_000 },
    );
  } finally {
    await prisma.$disconnect();
  }
  const imagesRendered = await images;
  const result = { imagesRendered, milliseconds: Date.now() - started, phases };
  logger.info(result, "demo data seeded");
  return result;
}
