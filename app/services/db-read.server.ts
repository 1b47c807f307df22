import pg from "pg";
import { createPrismaClient, getPrisma, type PrismaClient } from "~/services/db.server";
import { getEnv, pooledInTransactionMode } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { counter } from "~/services/metrics.server";
import { singleton } from "~/services/singleton.server";

/**
 * Reads a streaming replica may serve (ADR 0079): the public catalogue for signed-out
 * visitors, market data and admin analytics. Nothing else asks, so money, sessions and a
 * user's own pages read the primary by construction.
 */
export type ReplicaReadPurpose = "catalogue" | "market-data" | "analytics";

/** Why a read that could have gone to the replica went to the primary. */
export type ReplicaSkipReason = "lagging" | "unreachable" | "failed";

const replicaReads = counter<"purpose">("aangan_replica_reads_total", "Reads served by the read replica (DATABASE_READ_URL)");
const replicaSkips = counter<"reason">(
  "aangan_replica_skipped_total",
  "Reads meant for the read replica that went to the primary: lagging, unreachable or failed",
);

/** How often a process asks the replica how far behind it is; reads in between trust the answer. */
const CHECK_EVERY_MS = 1_000;

type ReplicaState = { healthy: true } | { healthy: false; reason: ReplicaSkipReason; detail: string };

type Replica = {
  url: string;
  client: PrismaClient;
  /** A small pool of its own for the lag check, with short timeouts. */
  probe: pg.Pool;
  state: ReplicaState;
  checkedAt: number;
  checking?: Promise<void>;
};

const holder = singleton("read-replica", (): { replica?: Replica } => ({}));

/**
 * How far behind the primary a replica is, in seconds: 0 once it has replayed everything
 * the primary had written when asked (so an idle primary does not read as lag), otherwise
 * the age of the last transaction it replayed. A server that is not in recovery (a promoted
 * replica, or another database) is never behind.
 */
export function replicaLagSeconds(sample: {
  inRecovery: boolean;
  replayedPrimaryPosition: boolean;
  lastReplayAgeSeconds: number | null;
}): number {
  if (!sample.inRecovery || sample.replayedPrimaryPosition) return 0;
  return sample.lastReplayAgeSeconds ?? Number.POSITIVE_INFINITY;
}

/** Whether a replica this far behind may serve reads. */
export function judgeLag(lagSeconds: number, maxLagSeconds: number): ReplicaState {
  if (lagSeconds <= maxLagSeconds) return { healthy: true };
  return { healthy: false, reason: "lagging", detail: `${Number.isFinite(lagSeconds) ? lagSeconds.toFixed(1) : "unknown"} s behind` };
}

async function measureLag(replica: Replica): Promise<number> {
  // The primary's write position first, then whether the replica has replayed up to it.
  const [position] = await getPrisma().$queryRaw<{ lsn: string }[]>`SELECT pg_current_wal_lsn()::text AS lsn`;
  const { rows } = await replica.probe.query<{ in_recovery: boolean; replayed: boolean | null; age: number | null }>(
    `SELECT pg_is_in_recovery() AS in_recovery,
            pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed,
            extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float8 AS age`,
    [position!.lsn],
  );
  const row = rows[0]!;
  return replicaLagSeconds({ inRecovery: row.in_recovery, replayedPrimaryPosition: row.replayed === true, lastReplayAgeSeconds: row.age });
}

function setState(replica: Replica, next: ReplicaState): void {
  const before = replica.state;
  replica.state = next;
  // One line per change of state, not one per read.
  if (!next.healthy && (before.healthy || before.reason !== next.reason)) {
    logger.warn({ reason: next.reason, detail: next.detail }, "read replica skipped: reads go to the primary");
  } else if (next.healthy && !before.healthy) {
    logger.info("read replica back: public reads go to it again");
  }
}

async function check(replica: Replica): Promise<void> {
  try {
    setState(replica, judgeLag(await measureLag(replica), getEnv().DATABASE_READ_MAX_LAG_SECONDS));
  } catch (error) {
    setState(replica, { healthy: false, reason: "unreachable", detail: error instanceof Error ? error.message : String(error) });
  } finally {
    replica.checkedAt = Date.now();
    replica.checking = undefined;
  }
}

function getReplica(): Replica | undefined {
  const env = getEnv();
  const url = env.DATABASE_READ_URL;
  if (!url) return undefined;
  if (holder.replica?.url !== url) {
    const probe = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
    probe.on("error", () => undefined);
    holder.replica = {
      url,
      client: createPrismaClient(url, { max: 5, applicationName: "aangan-read", namedStatements: !pooledInTransactionMode(env) }),
      probe,
      // Unknown until the first check, which every first read waits for.
      state: { healthy: false, reason: "unreachable", detail: "not checked yet" },
      checkedAt: 0,
    };
  }
  return holder.replica;
}

/** The replica when one is configured and fit to serve, after at most one lag check a second. */
async function fitReplica(): Promise<Replica | undefined> {
  const replica = getReplica();
  if (!replica) return undefined;
  if (Date.now() - replica.checkedAt >= CHECK_EVERY_MS) {
    replica.checking ??= check(replica);
    await replica.checking;
  }
  if (!replica.state.healthy) {
    replicaSkips({ reason: replica.state.reason });
    return undefined;
  }
  return replica;
}

/**
 * Runs `work` on the replica when one is configured and no further behind than
 * DATABASE_READ_MAX_LAG_SECONDS, else on the primary. A replica that fails mid-read is
 * marked unfit until its next check and the read runs again on the primary; the caller sees
 * one answer either way. Only for the purposes above: see ADR 0079 before adding one.
 */
export async function readFromReplica<T>(purpose: ReplicaReadPurpose, work: (db: PrismaClient) => Promise<T>): Promise<T> {
  const replica = await fitReplica();
  if (!replica) return work(getPrisma());
  try {
    const answer = await work(replica.client);
    replicaReads({ purpose });
    return answer;
  } catch (error) {
    replicaSkips({ reason: "failed" });
    setState(replica, { healthy: false, reason: "failed", detail: error instanceof Error ? error.message : String(error) });
    replica.checkedAt = Date.now();
    return work(getPrisma());
  }
}

/**
 * The client a streamed read (a CSV download) starts on: the replica when fit, else the
 * primary. A stream cannot start again elsewhere halfway, so a failure mid-stream ends it.
 */
export async function replicaForStream(purpose: ReplicaReadPurpose): Promise<PrismaClient> {
  const replica = await fitReplica();
  if (!replica) return getPrisma();
  replicaReads({ purpose });
  return replica.client;
}

export async function disconnectReplica(): Promise<void> {
  const replica = holder.replica;
  holder.replica = undefined;
  await replica?.client.$disconnect().catch(() => undefined);
  await replica?.probe.end().catch(() => undefined);
}
