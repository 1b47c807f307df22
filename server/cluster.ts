import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { logger } from "~/services/logger.server";
import { getEnv } from "~/services/env.server";
import type { BootedDatabase } from "./boot-database";
import { workerExecArgv } from "./worker-flags";

/**
 * How many worker processes serve HTTP: WEB_CONCURRENCY, by default one per CPU in
 * production; one (this process itself, no cluster) in development and tests.
 */
export function webConcurrency(options: { production: boolean; configured?: number }): number {
  if (options.configured !== undefined) return options.configured;
  return options.production ? os.availableParallelism() : 1;
}

const RESTART_DELAY_MS = 500;
const STOP_TIMEOUT_MS = 20_000;

/**
 * The primary of a cluster (docs/decisions/0028): it alone boots the database (starts the
 * embedded PostgreSQL, migrates, seeds), then forks `workers` copies of server.ts that share
 * the listening port and nothing else but the database (each has its own pool, realtime
 * LISTEN connection, page cache and pg-boss, which is safe across processes). A worker
 * that dies is replaced; SIGTERM/SIGINT is passed on to every worker, which drains its
 * requests, and the primary stops the database after the last one has exited.
 */
export async function runClusterPrimary(options: { workers: number; boot: () => Promise<BootedDatabase> }): Promise<void> {
  const database = await options.boot();
  const workerEnv = {
    DATABASE_URL: database.url,
    DATABASE_DIRECT_URL: database.directUrl,
    SEED_DEMO_DATA: "false",
    AANGAN_CLUSTER_WORKER: "1",
  };
  let stopping = false;

  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, getEnv().NODE_OPTIONS) });
  const fork = (): Worker => cluster.fork(workerEnv);
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.warn({ worker: worker.process.pid, code, signal }, "worker exited; starting a replacement");
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  let listening = 0;
  cluster.on("listening", (worker) => {
    listening += 1;
    if (listening === options.workers) logger.info({ workers: options.workers }, "all workers listening");
    logger.debug({ worker: worker.process.pid }, "worker listening");
  });
  for (let i = 0; i < options.workers; i++) fork();

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers: each finishes its in-flight requests");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    const exited = workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once("exit", () => resolve()))));
    for (const worker of workers) worker.process.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(force);
    await database.embedded?.stop().catch(() => undefined);
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
