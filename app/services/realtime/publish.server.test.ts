import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { logger } from "~/services/logger.server";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { PAGE_CACHE_CHANNEL, PHYSICAL_CHANNEL } from "./bus.server";
import { announceAfterCommit, announcementsSent } from "./publish.server";

const db = useTestDatabase();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function listen(...channels: string[]) {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  const heard: Array<{ channel: string; payload: string | undefined }> = [];
  client.on("notification", (message) => heard.push({ channel: message.channel, payload: message.payload }));
  for (const channel of channels) await client.query(`LISTEN "${channel}"`);
  cleanups.push(() => client.end());
  return heard;
}

describe("announcing after commit", () => {
  it("sends a batch carrying the page-cache notice through a client of Prisma's own, without reporting a failure", async () => {
    // A client that did not come from createPrismaClient gets the statement through Prisma,
    // which cannot read a void column: every column of the statement must be readable.
    const own = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.current.url }) });
    cleanups.push(() => own.$disconnect());
    const heard = await listen(PHYSICAL_CHANNEL, PAGE_CACHE_CHANNEL);
    const warn = vi.spyOn(logger, "warn");

    announceAfterCommit(own, { events: [{ channel: "market:p1", type: "shares.purchased", id: "p1" }], pageCache: true });

    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
    expect(heard).toEqual(
      expect.arrayContaining([
        { channel: PHYSICAL_CHANNEL, payload: JSON.stringify({ channel: "market:p1", type: "shares.purchased", id: "p1" }) },
        { channel: PAGE_CACHE_CHANNEL, payload: "properties" },
      ]),
    );
    await announcementsSent(own);
    expect(warn.mock.calls.filter(([, message]) => String(message).includes("could not announce"))).toEqual([]);
  });
});
