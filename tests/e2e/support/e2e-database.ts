import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "../../../playwright.config";

/**
 * The e2e server's own embedded PostgreSQL (scripts/e2e-server.mjs, DATA_DIR E2E_DATA_DIR).
 * Its port is free-chosen at start, so it is read from the cluster's postmaster.pid (line 4).
 */
export function e2eDatabaseUrl(): string {
  const dataDir = path.resolve(E2E_DATA_DIR);
  const pid = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  return `postgresql://postgres:aangan-local@127.0.0.1:${Number(pid[3])}/aangan`;
}

/** A connection to the e2e database, for arranging a state the demo data does not have. */
export async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes a fresh signed-in user a KYC-approved subscriber, whose wallet takes fund requests. */
export async function approveForWallet(userId: string): Promise<void> {
  await withE2eDatabase((client) =>
    client.query(
      "UPDATE user_profiles SET kyc_status = 'approved', subscription_active = true, tier = 'waitlist_player' WHERE user_id = $1",
      [userId],
    ),
  );
}
