import { isLiveChannel, type LiveChannel } from "~/lib/live-channels";
import { getPrisma, type Db } from "~/services/db.server";
import { PHYSICAL_CHANNEL } from "./bus.server";

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

/** Several events in one statement (one round trip), with the same commit rule as `publish`. */
export async function publishAll(
  events: readonly { channel: LiveChannel; type: string; id?: string | null }[],
  db: Db = getPrisma(),
): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map(({ channel, type, id }) => {
    if (!isLiveChannel(channel)) throw new Error(`not a live channel: ${channel}`);
    const payload = JSON.stringify({ channel, type, id: id ?? null });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error("live event payload is too large for NOTIFY");
    return payload;
  });
  await db.$executeRaw`SELECT pg_notify(${PHYSICAL_CHANNEL}, payload) FROM unnest(${payloads}::text[]) AS payload`;
}
