import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_DATA_DIR } from "../../../playwright.config";

/**
 * The e2e server's own embedded PostgreSQL (scripts/e2e-server.mjs, DATA_DIR E2E_DATA_DIR),
 * for arranging a state the demo data does not have. Its port is free-chosen at start,
 * so it is read from the cluster's postmaster.pid (line 4).
 */
export async function withE2eDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = path.resolve(E2E_DATA_DIR);
  const pid = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  const port = Number(pid[3]);
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "aangan-local", database: "aangan" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
