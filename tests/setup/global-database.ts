import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../app/services/embedded-postgres.server";
import { migrateDatabase } from "../../app/services/migrate.server";

export const TEMPLATE_DATABASE = "aangan_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when given (any database
 * on a server where we may CREATE DATABASE), otherwise a throw-away embedded cluster.
 * A migrated template database is built once; every test file clones its own from it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = path.resolve(".data", `test-pg-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres(dataDir);
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  await migrateDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE));
  project.provide("adminDatabaseUrl", adminUrl);

  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
