// `npm run db:functions`: writes prisma/functions.sql, every SQL function as the migrations
// leave it. It migrates a throw-away embedded PostgreSQL (never DATABASE_URL, whose functions
// may have been changed by hand), so the file shows what prisma/migrations alone define.
// Run it after adding or changing a migration that defines a function, and commit the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "~/services/embedded-postgres.server";
import { dumpFunctionDefinitions, FUNCTIONS_FILE } from "~/services/function-definitions.server";
import { migrateDatabase } from "~/services/migrate.server";

async function main(): Promise<void> {
  mkdirSync(".data", { recursive: true }); // a fresh clone has none yet
  const dataDir = mkdtempSync(path.resolve(".data", "functions-pg-"));
  const database = await startEmbeddedPostgres(dataDir);
  try {
    await migrateDatabase(database.url);
    writeFileSync(FUNCTIONS_FILE, await dumpFunctionDefinitions(database.url));
    console.log(`Wrote ${path.relative(process.cwd(), FUNCTIONS_FILE)}.`);
  } finally {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// embedded-postgres forces exit code 0 at exit, so the outcome is passed on explicitly.
main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
