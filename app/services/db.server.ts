import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { isDatabaseUnreachable } from "~/services/database-outage.server";
import { currentDatabaseSettings, getEnv, pooledInTransactionMode } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { batchFor, readTogether as readTogetherOn } from "~/services/prepared-batch.server";
import { currentRequestContext, runInRequestContext } from "~/services/request-context.server";
import { startQueryTimer } from "~/services/request-timing.server";
import { singleton } from "~/services/singleton.server";
import { boundedStatementNames } from "~/services/statement-names.server";

export { Prisma } from "~/generated/prisma/client";
export type { PrismaClient } from "~/generated/prisma/client";

/** A client or an open transaction: what a read or a step inside a command takes. */
export type Db = PrismaClient | Prisma.TransactionClient;
/** An open interactive transaction. */
export type Tx = Prisma.TransactionClient;

/**
 * A pg client that adds each query's time (on the wire and in PostgreSQL) to the current
 * request's Server-Timing (app/services/request-timing.server.ts); outside a request it
 * is a plain client.
 */
class TimedClient extends pg.Client {
  // pg's overloads (callback or promise) are passed through; either way the answer is timed.
  query(...args: unknown[]): never {
    const done = startQueryTimer();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) return result.finally(done) as never;
    return result as never;
  }
}

export type ClientOptions = {
  max?: number;
  applicationName?: string;
  /**
   * False behind a pooler in transaction mode (PgBouncer before 1.21): a named statement is
   * prepared on one server connection and the next transaction may get another, so hot paths
   * then send their statement unnamed (parsed every time) instead (ADR 0079).
   */
  namedStatements?: boolean;
};

export function createPrismaClient(databaseUrl: string, options: ClientOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    Client: TimedClient,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  // An idle connection that dies (the server restarted, an admin ended it) is reported here and
  // replaced on next use; without a listener the pool's 'error' event would end the process.
  pool.on("error", (error) => logger.warn({ err: error }, "database: an idle connection was lost"));
  refuseSecondConnections(pool);
  const namedStatements = options.namedStatements ?? !pooledInTransactionMode(currentDatabaseSettings());
  // Prisma's own queries are named too once they repeat (ADR 0086): parsing and planning an
  // unnamed statement cost PostgreSQL more than running most of a page's reads.
  const names = namedStatements ? boundedStatementNames() : undefined;
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    // pg sends a statement without a name as an unnamed one.
    ...(names ? { statementNameGenerator: (query: { sql: string }) => names.nameFor(query.sql) as string } : {}),
  });
  const client = new PrismaClient({ adapter });
  pools.set(client, { pool, namedStatements });
  return client;
}

/**
 * Work that holds one of the pool's connections (a snapshot, a transaction) and asks the same
 * pool for another waits for ever once every connection is held by such work: the pool has no
 * timeout, and each holder waits for a connection another holder keeps. The position page's
 * order book did this, and a worker served 0.9 pages a second under load (issue 32). Such a
 * request is refused outside production, so a test finds it; in production it is logged and
 * served, since refusing it would fail the page even when the pool has connections to spare.
 */
function refuseSecondConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (currentRequestContext()?.holding === pool) {
      const error = new Error(
        "database: a second connection asked for while this work holds one of the same pool (read through the snapshot or transaction instead)",
      );
      if (getEnv().NODE_ENV !== "production") {
        if (typeof callback === "function") return void (callback as (error: Error) => void)(error);
        return Promise.reject(error);
      }
      logger.warn({ err: error }, "database: a second connection from a held pool");
    }
    return connect(callback);
  };
}

/** Runs `work` marked as holding a connection of `prisma`'s pool (refuseSecondConnections). */
function holdingConnection<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  const own = pools.get(prisma);
  // Awaited inside: a Prisma query's promise runs only when awaited, and must run marked.
  return own ? runInRequestContext({ holding: own.pool }, async () => await work()) : work();
}

/**
 * Each client's own connection pool, which preparedQuery shares (no second pool, no more
 * connections). One registry per process, like the client itself: server.ts (run from source)
 * and the Remix build each carry a copy of this module, and the client the build's loaders get
 * was made by server.ts's copy. A registry per copy left the build without the client's pool,
 * so every prepared statement of a page or a purchase went through Prisma, unnamed, parsed and
 * planned on every call.
 */
type OwnPool = { pool: pg.Pool; namedStatements: boolean };
const pools = singleton("prisma-pools", () => new WeakMap<PrismaClient, OwnPool>());

export type PreparedStatement = { name: string; text: string };

/**
 * A hot path's one statement (a money function's call), sent on the client's own pool as a
 * named prepared statement: PostgreSQL parses and plans it once per connection instead of on
 * every call, and it skips Prisma's query pipeline, which costs ~4x the node CPU of pg's for a
 * one-row answer (ADR 0026). Values use pg's own text encoding, so casts belong in the SQL.
 * A client that did not come from createPrismaClient (a test's own) or a transaction's client
 * gets the same statement through Prisma (inside that transaction).
 */
export async function preparedQuery<Row>(db: Reader, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  if (isSnapshot(db)) return snapshotQuery<Row>(db, statement, values);
  const own = pools.get(db as PrismaClient);
  if (!own) return db.$queryRawUnsafe<Row[]>(statement.text, ...values);
  const batch = batchFor(db);
  if (batch) return batch.read<Row>(statement, values);
  const result = await poolQuery(own, statement, values);
  return result.rows as Row[];
}

/**
 * Runs `work` with the prepared reads it starts on `prisma`'s pool in the same turn of the
 * event loop sent as one statement (ADR 0105). A client that did not come from
 * createPrismaClient runs `work` as it is.
 */
export function readTogether<T>(prisma: PrismaClient, work: () => Promise<T>): Promise<T> {
  const own = pools.get(prisma);
  if (!own) return work();
  return readTogetherOn(prisma, (statement, values) => poolQuery(own, statement, values), work);
}

/** readTogether on the process's client, once there is one (a page's loaders; server/remix-handler.ts). */
export function readPageTogether<T>(work: () => Promise<T>): Promise<T> {
  return holder.prisma ? readTogether(holder.prisma, work) : work();
}

async function poolQuery(own: OwnPool, statement: { name?: string; text: string }, values: unknown[]): Promise<pg.QueryResult> {
  const client = await own.pool.connect();
  let broken: Error | undefined;
  // A checked-out client has no error listener of the pool's: a connection lost mid-query
  // would otherwise be an unhandled 'error' event. The query itself rejects as well.
  const onConnectionError = (error: Error) => (broken = error);
  client.on("error", onConnectionError);
  try {
    const name = own.namedStatements ? statement.name : undefined;
    return await client.query({ name, text: statement.text, values });
  } catch (error) {
    // A refusal the statement raised leaves the connection usable; only a broken one is
    // dropped. (pool.query drops the connection on any error, so every refused purchase cost
    // a new connection and its authentication.)
    if (leavesConnectionBroken(error)) broken ??= error as Error;
    throw error;
  } finally {
    client.removeListener("error", onConnectionError);
    client.release(broken);
  }
}

const leavesConnectionBroken = (error: unknown) =>
  !(error instanceof pg.DatabaseError) || error.severity === "FATAL" || error.severity === "PANIC";

/**
 * One read-only REPEATABLE READ transaction on a connection of the client's own pool, which
 * preparedQuery runs its statements in (named, as on the pool). A page's reads that must agree
 * go through it instead of readInOneSnapshot when they are prepared statements: Prisma's
 * transaction would send each through its query pipeline instead (ADR 0026).
 */
export type PreparedSnapshot = { readonly kind: "prepared-snapshot" };
/** What preparedQuery reads from: a client, a transaction, or a prepared snapshot. */
export type Reader = Db | PreparedSnapshot;

/** Whether `db` is an open interactive transaction: its client lacks the connection methods ($disconnect among them). */
export const isTransactionClient = (db: Db): boolean => !("$disconnect" in db);

const openSnapshots = new WeakMap<PreparedSnapshot, { client: pg.PoolClient; namedStatements: boolean }>();

const isSnapshot = (db: Reader): db is PreparedSnapshot => (db as Partial<PreparedSnapshot>).kind === "prepared-snapshot";

async function snapshotQuery<Row>(snapshot: PreparedSnapshot, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const batch = batchFor(snapshot);
  if (batch) return batch.read<Row>(statement, values);
  return (await snapshotStatement(snapshot, statement, values)).rows as Row[];
}

async function snapshotStatement(
  snapshot: PreparedSnapshot,
  statement: { name?: string; text: string },
  values: unknown[],
): Promise<pg.QueryResult> {
  const open = openSnapshots.get(snapshot);
  if (!open) throw new Error(`${statement.name}: read from a snapshot that has ended`);
  const name = open.namedStatements ? statement.name : undefined;
  return open.client.query({ name, text: statement.text, values });
}

/**
 * Runs `work`'s prepared reads in one snapshot (PreparedSnapshot). Its statements share one
 * connection, so they run one after another in the order they were asked for. A client that did
 * not come from createPrismaClient reads through Prisma's own REPEATABLE READ transaction.
 */
export async function readInOnePreparedSnapshot<T>(prisma: PrismaClient, work: (reader: Reader) => Promise<T>): Promise<T> {
  const own = pools.get(prisma);
  if (!own) return readInOneSnapshot(prisma, work);
  const client = await own.pool.connect();
  let broken: Error | undefined;
  const onConnectionError = (error: Error) => (broken = error);
  client.on("error", onConnectionError);
  const snapshot: PreparedSnapshot = Object.freeze({ kind: "prepared-snapshot" });
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    openSnapshots.set(snapshot, { client, namedStatements: own.namedStatements });
    // Its reads of one turn as one statement too (ADR 0105): fewer round trips on its connection.
    const result = await holdingConnection(prisma, () =>
      readTogetherOn(
        snapshot,
        (statement, values) => snapshotStatement(snapshot, statement, values),
        () => work(snapshot),
        { inTransaction: true },
      ),
    );
    await client.query("COMMIT");
    return result;
  } catch (error) {
    // No read of `work`'s still running may start on the connection from here (it is refused as
    // ended). The rollback queues after any statement already sent, so the connection goes back
    // with no transaction open; one that cannot roll back (lost, ended by a fatal error) is dropped.
    openSnapshots.delete(snapshot);
    if (!broken) await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
    throw error;
  } finally {
    openSnapshots.delete(snapshot);
    client.removeListener("error", onConnectionError);
    client.release(broken);
  }
}

const holder = singleton("prisma", (): { prisma?: PrismaClient } => ({}));

/** One client per process, created on first use from the database the environment names (server.ts records it). */
export function getPrisma(): PrismaClient {
  if (!holder.prisma) {
    const env = getEnv();
    const url = env.DATABASE_URL;
    if (!url) throw new Error("No database URL: server.ts records the database it booted before serving");
    holder.prisma = createPrismaClient(url, { namedStatements: !pooledInTransactionMode(env) });
  }
  return holder.prisma;
}

export async function disconnectPrisma(): Promise<void> {
  await holder.prisma?.$disconnect();
  holder.prisma = undefined;
}

/**
 * What went wrong in PostgreSQL, by SQLSTATE, whatever layer wrapped it (Prisma's own
 * codes, the pg adapter's cause, or only the message).
 */
export type DatabaseFailure = "unique_violation" | "check_violation" | "serialization" | "deadlock" | "lock_timeout" | "other";

function collectCodes(error: unknown, seen = new Set<unknown>()): string[] {
  if (!error || typeof error !== "object" || seen.has(error)) return [];
  seen.add(error);
  const record = error as Record<string, unknown>;
  const codes: string[] = [];
  for (const key of ["code", "originalCode", "kind"]) {
    if (typeof record[key] === "string") codes.push(record[key] as string);
  }
  if (typeof record.message === "string") codes.push(record.message);
  for (const key of ["cause", "meta", "driverAdapterError"]) codes.push(...collectCodes(record[key], seen));
  return codes;
}

export function classifyDatabaseFailure(error: unknown): DatabaseFailure {
  const text = collectCodes(error).join(" | ");
  if (/\b(P2002|23505|UniqueConstraintViolation)\b|unique constraint|duplicate key/i.test(text)) return "unique_violation";
  if (/\b40P01\b|deadlock/i.test(text)) return "deadlock";
  if (/\b(40001|P2034|TransactionWriteConflict)\b|could not serialize/i.test(text)) return "serialization";
  if (/\b(55P03|P2028)\b|lock timeout|Transaction already closed|Unable to start a transaction/i.test(text)) return "lock_timeout";
  if (/\b23514\b|violates check constraint/i.test(text)) return "check_violation";
  return "other";
}

/** Everything an error says, through the layers that wrapped it (for matching constraint names). */
export function databaseErrorText(error: unknown): string {
  return collectCodes(error).join(" | ");
}

/**
 * The refusal code a database function raised (`RAISE EXCEPTION 'aangan:<code>'`, SQLSTATE
 * P0001; see docs/decisions/0026), or null for any other failure.
 */
export function databaseRefusal(error: unknown): string | null {
  return /\baangan:([a-z_]+)/.exec(databaseErrorText(error))?.[1] ?? null;
}

export const isUniqueViolation = (error: unknown): boolean => classifyDatabaseFailure(error) === "unique_violation";

/** Failures after which PostgreSQL rolled everything back, so running the work again is safe. */
export function isRetryableFailure(error: unknown): boolean {
  const failure = classifyDatabaseFailure(error);
  return failure === "deadlock" || failure === "serialization" || failure === "lock_timeout";
}

/** How often a unit of work runs again after a conflict PostgreSQL rolled back. */
export type RetryOptions = {
  /** Tries in all, the first included. */
  attempts?: number;
  /** A failure of the work's own that also means "nothing was written, run again" (a stale read). */
  alsoRetry?: (error: unknown) => boolean;
};

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The one retry policy of database work: after a deadlock, a serialization failure or a lock
 * timeout PostgreSQL rolled everything back, so `work` runs again, a bounded number of times
 * with a short jittered pause; any other error, and the last retryable one, reaches the caller.
 */
export async function retryOnConflict<T>(name: string, work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const again = isRetryableFailure(error) || (options.alsoRetry?.(error) ?? false);
      if (attempt >= attempts || !again) throw error;
      logger.warn({ transaction: name, attempt, failure: classifyDatabaseFailure(error) }, "transaction conflict; retrying");
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20));
    }
  }
}

export type TransactionOptions = {
  /** Tries in all, the first included. */
  attempts?: number;
  isolationLevel?: Prisma.TransactionIsolationLevel;
  /** How long the work may hold the transaction open, and wait for a connection. */
  timeoutMs?: number;
  /** The area's answers to database failures; without it, failures reach the caller as they are. */
  errors?: DatabaseErrorTable;
};

/**
 * Runs `work` in one interactive transaction, named for the logs, again after a conflict
 * (retryOnConflict). Any other error, and the last retryable one, reaches the caller unchanged
 * for it to classify, or through `options.errors` as the area's own error.
 * Anything to publish or send happens after this returns, never inside `work`.
 */
export async function runTransaction<T>(
  prisma: PrismaClient,
  name: string,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const once = () =>
    prisma.$transaction((tx) => holdingConnection(prisma, () => work(tx)), {
      maxWait: timeout,
      timeout,
      isolationLevel: options.isolationLevel,
    });
  try {
    return await retryOnConflict(name, once, options);
  } catch (error) {
    throw options.errors ? toAreaError(error, options.errors) : error;
  }
}

/**
 * Reads whose figures must agree with each other (one page's balance, holds and requests) in
 * one REPEATABLE READ snapshot. Side by side on separate connections, a commit landing between
 * them showed half of it: a withdrawal "Completed" beside its amount still held.
 */
export function readInOneSnapshot<T>(prisma: PrismaClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  return prisma.$transaction((tx) => holdingConnection(prisma, () => work(tx)), {
    maxWait: DEFAULT_TIMEOUT_MS,
    timeout: DEFAULT_TIMEOUT_MS,
    isolationLevel: "RepeatableRead",
  });
}

/**
 * How one area (purchases, the market) answers what the database refused, as its own errors.
 * The domain module owns the table; this service only applies it (services know no rule).
 */
export type DatabaseErrorTable = {
  /** An error that is already a domain error: the area's answer for it, or undefined to translate it as a database failure. */
  domain: (error: unknown) => Error | undefined;
  /** `RAISE EXCEPTION 'aangan:<code>[ detail]'`, by code; the factory gets the whole message for its detail. */
  refusals: Record<string, (message: string) => Error>;
  /** A CHECK constraint that refused a race the area's read could not see, by constraint name. */
  checks?: Record<string, () => Error>;
  /** A unique index refused a second write of the same thing (an idempotency key). */
  duplicate: () => Error;
  /** Conflicts outlasted every retry. */
  conflict: () => Error;
  /**
   * Anything else (a bug); without it the error reaches the caller unchanged. A database out
   * of reach (a failover, the pooler restarting) never comes here: it reaches the caller as it
   * is, so the request answers 503 with Retry-After (ADR 0034) rather than the area's failure.
   */
  unexpected?: (error: unknown) => Error;
};

export function toAreaError(error: unknown, table: DatabaseErrorTable): unknown {
  const known = table.domain(error);
  if (known) return known;
  const text = databaseErrorText(error);
  const refusal = databaseRefusal(error);
  const refused = refusal ? table.refusals[refusal]?.(text) : undefined;
  if (refused) return refused;
  const failure = classifyDatabaseFailure(error);
  const check = failure === "check_violation" ? Object.entries(table.checks ?? {}).find(([name]) => text.includes(name)) : undefined;
  if (check) return check[1]();
  if (failure === "unique_violation") return table.duplicate();
  if (isRetryableFailure(error)) return table.conflict();
  if (isDatabaseUnreachable(error)) return error;
  return table.unexpected?.(error) ?? error;
}

/** The SQL type a money function's parameter takes; the call casts each value to it. */
export type SqlType = "uuid" | "text" | "int" | "numeric" | "timestamptz" | "jsonb";

/** A database money function, called with named arguments (`p_user => $1::uuid`), so a call reads as the function does. */
export type MoneyFunction<Param extends string, Row> = {
  params: readonly Param[];
  statement: PreparedStatement;
  /** Only carries the row type to the call. */
  readonly row?: Row;
};

/**
 * Declares a money function once per module: its name, its parameters (named as in the
 * function's definition, prisma/functions.sql) with their types, then the columns the caller
 * reads of its rows: `moneyFunction("f", { p_user: "uuid" }).returns<Row>("a, b")`. A
 * parameter left out takes the function's DEFAULT.
 */
export function moneyFunction<Param extends string>(name: string, params: Record<Param, SqlType>) {
  const names = Object.keys(params) as Param[];
  const args = names.map((param, index) => `${param} => $${index + 1}::${params[param]}`).join(", ");
  return {
    returns: <Row>(columns: string): MoneyFunction<Param, Row> => ({
      params: names,
      statement: { name, text: `SELECT ${columns} FROM ${name}(${args})` },
    }),
  };
}

/** Calls a money function inside runMoneyCall's work: every named argument in, the function's rows out. */
export type CallMoneyFunction = <Param extends string, Row>(
  fn: MoneyFunction<Param, Row>,
  args: Record<NoInfer<Param>, unknown>,
) => Promise<Row[]>;

/**
 * The one door for a money path (docs/decisions/0026, 0043): `work` reads what the rules need
 * and calls the database function through `call`; a conflict runs the whole of `work` again
 * under the transaction helper's retry policy, and every failure leaves as the area's error
 * through its table.
 */
export async function runMoneyCall<T>(
  prisma: PrismaClient,
  name: string,
  errors: DatabaseErrorTable,
  work: (call: CallMoneyFunction) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const call: CallMoneyFunction = (fn, args) =>
    preparedQuery(
      prisma,
      fn.statement,
      fn.params.map((param) => args[param]),
    );
  try {
    return await retryOnConflict(name, () => work(call), options);
  } catch (error) {
    throw toAreaError(error, errors);
  }
}
