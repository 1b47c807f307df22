import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createPrismaClient, type PrismaClient } from "../../app/services/db.server";
import { TEMPLATE_DATABASE, withDatabase } from "./global-database";

export type TestDatabase = { url: string; name: string; prisma: PrismaClient; adminUrl: string };

/** Creates an empty, migrated database cloned from the template. The caller drops it. */
export async function createTestDatabase(): Promise<Omit<TestDatabase, "prisma">> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `aangan_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  // Under PgBouncer (scripts/test-under-pgbouncer.ts) the file's queries go through the pooler;
  // creating and dropping databases stays on the direct admin URL.
  return { url: withDatabase(process.env.TEST_DATABASE_POOLED_URL || adminUrl, name), name, adminUrl };
}

export async function dropTestDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Gives the calling test file its own migrated database (and a Prisma client on it),
 * so files run in parallel without seeing each other's rows. Read `db.current` inside
 * tests, after beforeAll has run.
 */
export function useTestDatabase(): { current: TestDatabase } {
  const holder = {} as { current: TestDatabase };
  beforeAll(async () => {
    const created = await createTestDatabase();
    // Under PgBouncer (scripts/test-under-pgbouncer.ts) the file's app code and the processes
    // it starts reach this database directly for LISTEN and jobs, as a deployment would.
    const direct = directTestUrl(created.url);
    if (direct) process.env.DATABASE_DIRECT_URL = direct;
    holder.current = { ...created, prisma: createPrismaClient(created.url) };
  });
  afterAll(async () => {
    await holder.current?.prisma.$disconnect();
    if (holder.current) await dropTestDatabase(holder.current.name);
  });
  return holder;
}

/**
 * The same database reached without the pooler, when the run goes through one
 * (TEST_DATABASE_POOLED_URL); otherwise undefined.
 */
export function directTestUrl(url: string): string | undefined {
  if (!process.env.TEST_DATABASE_POOLED_URL) return undefined;
  return withDatabase(inject("adminDatabaseUrl"), new URL(url).pathname.slice(1));
}
