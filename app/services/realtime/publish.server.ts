import { isLiveChannel, type LiveChannel } from "~/lib/live-channels";
import { getPrisma, preparedQuery, type Db, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { PAGE_CACHE_CHANNEL, PHYSICAL_CHANNEL } from "./bus.server";

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;

/**
 * Tells every app process that something on `channel` changed. Call it after the
 * command's transaction committed (with the default client). Given an open transaction
 * instead, PostgreSQL holds the notification until that transaction commits and drops it
 * on rollback, so it never announces a write that did not happen.
 */
export async function publish(channel: LiveChannel, event: { type: string; id?: string | null }, db: Db = getPrisma()): Promise<void> {
  await publishAll([{ channel, ...event }], db);
}

function livePayload(channel: LiveChannel, { type, id }: { type: string; id?: string | null }): string {
  if (!isLiveChannel(channel)) throw new Error(`not a live channel: ${channel}`);
  const payload = JSON.stringify({ channel, type, id: id ?? null });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error("live event payload is too large for NOTIFY");
  return payload;
}

type LiveEventInput = { channel: LiveChannel; type: string; id?: string | null };

/** Several events in one statement (one round trip), with the same commit rule as `publish`. */
export async function publishAll(events: readonly LiveEventInput[], db: Db = getPrisma()): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map((event) => livePayload(event.channel, event));
  await db.$executeRaw`SELECT pg_notify(${PHYSICAL_CHANNEL}, payload) FROM unnest(${payloads}::text[]) AS payload`;
}

type Announcement = { events: readonly LiveEventInput[]; pageCache?: boolean };
type Batch = { payloads: string[]; pageCache: boolean };

const pendingBatches = new WeakMap<PrismaClient, Batch>();
const flushes = new WeakMap<PrismaClient, Promise<void>>();

/** Settles once the client's latest batch was sent (or reported as lost): for tests and shutdown. */
export function announcementsSent(db: PrismaClient): Promise<void> {
  return flushes.get(db) ?? Promise.resolve();
}
/** Long enough to gather the purchases finishing together under load, short enough to go unnoticed. */
const ANNOUNCE_WINDOW_MS = 5;

const ANNOUNCE: PreparedStatement = {
  name: "announce_after_commit",
  // Notices only, no data: a crash can lose them whether or not their commit waited for the
  // disk, so it does not wait, and the notification lock is held for a moment only. Every
  // column is a count or text: pg_notify returns void, which Prisma (a test's own client,
  // which gets the statement through Prisma) cannot read, and it then reported a failure
  // although the notifications had gone out.
  text: `SELECT set_config('synchronous_commit', 'off', true) AS commit_mode,
                (SELECT count(pg_notify($1, payload)) FROM unnest($2::text[]) AS payload) AS events,
                (SELECT count(pg_notify($4, 'properties')) WHERE $3::boolean) AS page_cache`,
};

/**
 * Announces the live events (and, with `pageCache`, a change to the public pages) of a command
 * that has already committed: a money function that wrote everything in one statement (ADR
 * 0026). Announcements made within a few milliseconds of each other go out together in one
 * statement of their own, so committing purchases no longer queue for PostgreSQL's
 * notification lock. Never throws, since the command it follows has committed: a lost
 * announcement costs a live update, which the next page load shows anyway.
 */
export function announceAfterCommit(db: PrismaClient, announcement: Announcement): void {
  let payloads: string[];
  try {
    payloads = announcement.events.map((event) => livePayload(event.channel, event));
  } catch (error) {
    logger.warn({ err: error }, "realtime: could not announce committed events");
    return;
  }
  let batch = pendingBatches.get(db);
  if (!batch) {
    batch = { payloads: [], pageCache: false };
    pendingBatches.set(db, batch);
    flushes.set(db, new Promise((done) => setTimeout(() => void flush(db).finally(done), ANNOUNCE_WINDOW_MS)));
  }
  batch.payloads.push(...payloads);
  batch.pageCache ||= announcement.pageCache === true;
}

async function flush(db: PrismaClient): Promise<void> {
  const batch = pendingBatches.get(db);
  pendingBatches.delete(db);
  if (!batch) return;
  try {
    // NOTIFY payloads are separate notifications, so the batch size is bounded only by the statement.
    await preparedQuery(db, ANNOUNCE, [PHYSICAL_CHANNEL, batch.payloads, batch.pageCache, PAGE_CACHE_CHANNEL]);
  } catch (error) {
    logger.warn({ err: error, events: batch.payloads.length }, "realtime: could not announce committed events");
  }
}
