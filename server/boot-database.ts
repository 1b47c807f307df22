import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "~/services/embedded-postgres.server";
import { logger } from "~/services/logger.server";
import { migrateDatabase } from "~/services/migrate.server";

/** `url` for queries (perhaps through a pooler), `directUrl` for LISTEN, jobs and migrations (ADR 0079). */
export type BootedDatabase = { url: string; directUrl: string; embedded?: EmbeddedDatabase; seededNow: boolean };

/**
 * Gives the process a migrated database: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL under DATA_DIR. Demo data goes in when asked for, or on the first start of
 * an empty embedded database.
 */
export async function bootDatabase(options: {
  databaseUrl?: string;
  directUrl?: string;
  dataDir: string;
  seedDemoData?: boolean;
  logSlowStatementsMs?: number;
}): Promise<BootedDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(options.dataDir, { logSlowStatementsMs: options.logSlowStatementsMs });
    url = embedded.url;
    logger.info({ dataDir: path.resolve(options.dataDir, "pg") }, "embedded PostgreSQL started");
  }
  // Migrations hold an advisory lock across statements: a session a pooler must not share.
  const directUrl = (options.databaseUrl && options.directUrl) || url;
  try {
    const applied = await migrateDatabase(directUrl);
    if (applied.length > 0) logger.info({ latest: applied.at(-1) }, `${applied.length} migrations applied`);
    const shouldSeed = options.seedDemoData ?? (embedded !== undefined && (await isEmpty(url)));
    if (shouldSeed) {
      const { seedDemoData } = await import("../prisma/seed-data");
      await seedDemoData({ databaseUrl: directUrl, dataDir: options.dataDir });
      logger.info("demo data in place");
    }
    return { url, directUrl, embedded, seededNow: shouldSeed };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

async function isEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ empty: boolean }>(
      "SELECT NOT EXISTS (SELECT 1 FROM user_profiles) AND NOT EXISTS (SELECT 1 FROM properties) AS empty",
    );
    return rows[0]?.empty ?? true;
  } finally {
    await client.end();
  }
}
