import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty, createSession, createUser } from "#tests/setup/factories";
import { openEventStream, type SseConnection } from "#tests/setup/sse-client";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * GET /events across two real app processes on one database: an event published through
 * process A reaches a browser connected to process B, and nobody hears a channel that is
 * not theirs.
 */

const db = useTestDatabase();
const SESSION_SECRET = "live-events-session-secret-0123456789abcdef";

let first: AppProcess;
let second: AppProcess;
const cookies: Record<"investor" | "other" | "admin", string> = { investor: "", other: "", admin: "" };
const ids: Record<"investor" | "other" | "admin" | "property" | "draft", string> = {
  investor: "",
  other: "",
  admin: "",
  property: "",
  draft: "",
};
const streams: SseConnection[] = [];

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = SESSION_SECRET;
  const env = { DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", E2E_PROBES: "true", SESSION_SECRET };
  [first, second] = await Promise.all([startAppProcess(env), startAppProcess(env)]);

  const prisma = db.current.prisma;
  const investor = await createUser(prisma);
  const other = await createUser(prisma);
  const admin = await createUser(prisma, { isAdmin: true });
  const property = await createProperty(prisma);
  const draft = await createProperty(prisma);
  await prisma.property.update({ where: { id: draft.id }, data: { propertyStatus: "draft" } });
  Object.assign(ids, { investor: investor.id, other: other.id, admin: admin.id, property: property.id, draft: draft.id });
  cookies.investor = await createSession(db.current.prisma, investor.id, { production: true });
  cookies.other = await createSession(db.current.prisma, other.id, { production: true });
  cookies.admin = await createSession(db.current.prisma, admin.id, { production: true });
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([first?.stop(), second?.stop()]);
});

async function connect(app: AppProcess, query: string, cookie?: string): Promise<SseConnection> {
  const stream = await openEventStream(`${app.baseUrl}/events${query}`, {
    ...(cookie ? { Cookie: cookie } : {}),
    "Accept-Encoding": "gzip, deflate, br",
  });
  streams.push(stream);
  return stream;
}

const publishThrough = (app: AppProcess, channel: string, type: string, id: string) =>
  fetch(`${app.baseUrl}/__probe/publish?${new URLSearchParams({ channel, type, id })}`, { method: "POST" }).then((r) => {
    expect(r.status).toBe(200);
  });

async function subscribers(app: AppProcess): Promise<number> {
  const response = await fetch(`${app.baseUrl}/__probe/live-subscribers`);
  return ((await response.json()) as { subscribers: number }).subscribers;
}

describe("GET /events", () => {
  it("delivers an event published through one process to a client of another within a second", async () => {
    const stream = await connect(second, `?property=${ids.property}`, cookies.investor);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    // Streamed as is: a compressed stream would sit in the compressor's buffer.
    expect(stream.response.headers.get("Content-Encoding")).toBeNull();
    const ready = await stream.waitFor((e) => e.event === "ready");
    expect(JSON.parse(ready.data).channels).toEqual([`alerts:${ids.investor}`, `market:${ids.property}`]);
    expect(stream.blocks[0]).toBe("retry: 3000");

    // Someone else's alert first: it must not reach this client.
    await publishThrough(first, `alerts:${ids.other}`, "alert.created", "not-for-you");
    const sentAt = Date.now();
    await publishThrough(first, `alerts:${ids.investor}`, "alert.created", "alert-1");
    const alert = await stream.waitFor((e) => e.event === "message", 1_000);
    expect(alert.receivedAt - sentAt).toBeLessThan(1_000);
    expect(JSON.parse(alert.data)).toEqual({ channel: `alerts:${ids.investor}`, type: "alert.created", id: "alert-1" });

    const marketSentAt = Date.now();
    await publishThrough(first, `market:${ids.property}`, "shares.purchased", ids.property);
    const market = await stream.waitFor((e) => e.event === "message" && e.data.includes("market:"), 1_000);
    expect(market.receivedAt - marketSentAt).toBeLessThan(1_000);

    const messages = stream.events.filter((e) => e.event === "message").map((e) => JSON.parse(e.data).id);
    expect(messages).toEqual(["alert-1", ids.property]);
  });

  it("lets an admin hear the admin channel", async () => {
    const stream = await connect(second, "?admin=1", cookies.admin);
    expect(stream.response.status).toBe(200);
    await stream.waitFor((e) => e.event === "ready");
    await publishThrough(first, "admin", "kyc.submitted", "k-1");
    const event = await stream.waitFor((e) => e.event === "message", 1_000);
    expect(JSON.parse(event.data)).toMatchObject({ channel: "admin", id: "k-1" });
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const stream = await connect(second, "");
    expect(stream.response.status).toBe(401);
  });

  it("refuses another user's alerts, and the admin channel to a non-admin, with 403", async () => {
    for (const query of [
      `?user=${ids.other}`,
      `?channel=alerts:${ids.other}`,
      "?admin=1",
      "?channel=admin",
      "?channel=everything",
      `?property=${ids.property}&user=${ids.other}`,
    ]) {
      const stream = await connect(second, query, cookies.investor);
      expect(stream.response.status, query).toBe(403);
      expect(await stream.response.text()).toBe("You may not listen to that channel.");
    }
    const own = await connect(second, `?user=${ids.investor}&channel=alerts:${ids.investor}`, cookies.investor);
    expect(own.response.status).toBe(200);
    own.close();
  });

  it("answers 404 for a property that does not exist or that only admins may see", async () => {
    for (const query of ["?property=no-such-property", `?property=${ids.draft}`]) {
      const stream = await connect(second, query, cookies.investor);
      expect(stream.response.status, query).toBe(404);
    }
    const asAdmin = await connect(second, `?property=${ids.draft}`, cookies.admin);
    expect(asAdmin.response.status).toBe(200);
    asAdmin.close();
  });

  it("lets go of a client's subscription when it disconnects", async () => {
    const before = await subscribers(first);
    const stream = await connect(first, "", cookies.other);
    await stream.waitFor((e) => e.event === "ready");
    expect(await subscribers(first)).toBe(before + 1);
    stream.close();
    // The release is what is asserted, not its speed (speed belongs in the bench): on a loaded
    // CI machine the disconnect once took over two seconds to be noticed. A subscription that is
    // never let go still fails here.
    await expect.poll(() => subscribers(first), { timeout: 10_000, interval: 100 }).toBe(before);
  });

  it("keeps a quiet stream alive with a heartbeat comment every 25 seconds", { timeout: 40_000 }, async () => {
    const stream = await connect(second, "", cookies.investor);
    await stream.waitFor((e) => e.event === "ready");
    const openedAt = Date.now();
    await expect.poll(() => stream.blocks.includes(": heartbeat"), { timeout: 32_000, interval: 250 }).toBe(true);
    expect(Date.now() - openedAt).toBeGreaterThan(20_000);
    // A comment, not an event: the page's hook does not reload for it.
    expect(stream.events.map((e) => e.event)).toEqual(["ready"]);
    stream.close();
  });

  it("ends open streams on SIGTERM so the process still stops promptly with 0", async () => {
    const stream = await connect(second, "", cookies.other);
    await stream.waitFor((e) => e.event === "ready");
    const stoppedAt = Date.now();
    expect(await second.stop()).toBe(0);
    await stream.ended;
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
  });
});

describe("GET /events caps", () => {
  let capped: AppProcess;
  beforeAll(async () => {
    capped = await startAppProcess({
      DATABASE_URL: db.current.url,
      SEED_DEMO_DATA: "false",
      SESSION_SECRET,
      LIVE_STREAMS_PER_SESSION: "3",
      LIVE_STREAMS_PER_ADDRESS: "5",
    });
  }, 90_000);
  afterAll(async () => {
    await capped?.stop();
  });

  it("answers 429 past the streams one session may hold, and accepts again once one closes", async () => {
    const open: SseConnection[] = [];
    for (let i = 0; i < 3; i++) {
      const stream = await connect(capped, "", cookies.investor);
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await connect(capped, "", cookies.investor);
    expect(refused.response.status).toBe(429);
    expect(await refused.response.text()).toContain("Too many live update streams");
    open.pop()!.close();
    await expect
      .poll(async () => {
        const retry = await connect(capped, "", cookies.investor);
        retry.close();
        return retry.response.status;
      })
      .toBe(200);
    for (const stream of open) stream.close();
  });

  it("answers 429 past the streams one address may hold, whichever sessions they use", async () => {
    const open: SseConnection[] = [];
    for (const cookie of [cookies.investor, cookies.investor, cookies.other, cookies.other, cookies.admin]) {
      // Earlier streams of this address may take a moment to be let go of.
      await expect
        .poll(async () => {
          const stream = await connect(capped, "", cookie);
          if (stream.response.status === 200) open.push(stream);
          return stream.response.status;
        })
        .toBe(200);
    }
    const refused = await connect(capped, "", cookies.admin);
    expect(refused.response.status).toBe(429);
    // Without a session cookie at all, the address cap still holds.
    expect((await connect(capped, "")).response.status).toBe(429);
    for (const stream of open) stream.close();
  });
});
