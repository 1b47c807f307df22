import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { RealtimeBus, type BusMessage } from "./bus.server";
import { publish } from "./publish.server";

const db = useTestDatabase();
const buses: RealtimeBus[] = [];

async function startBus(): Promise<RealtimeBus> {
  const bus = new RealtimeBus(db.current.url);
  buses.push(bus);
  await bus.start();
  await bus.whenListening();
  return bus;
}

function collect(bus: RealtimeBus, channels: Parameters<RealtimeBus["subscribe"]>[0]) {
  const messages: BusMessage[] = [];
  const unsubscribe = bus.subscribe(channels, (message) => messages.push(message));
  return { messages, unsubscribe };
}

afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.stop();
});

describe("the realtime bus", () => {
  it("fans an event out to the subscribers of its channel in every process, and to no one else", async () => {
    const [one, two] = [await startBus(), await startBus()];
    const mine = collect(one, ["alerts:u1", "market:p1"]);
    const elsewhere = collect(two, ["market:p1"]);
    const stranger = collect(two, ["alerts:u2"]);

    await publish("alerts:u1", { type: "alert.created", id: "a1" }, db.current.prisma);
    await publish("market:p1", { type: "shares.purchased" }, db.current.prisma);

    await expect.poll(() => mine.messages.length).toBe(2);
    await expect.poll(() => elsewhere.messages.length).toBe(1);
    expect(mine.messages).toEqual([
      { kind: "event", channel: "alerts:u1", type: "alert.created", id: "a1" },
      { kind: "event", channel: "market:p1", type: "shares.purchased", id: null },
    ]);
    expect(elsewhere.messages).toEqual([{ kind: "event", channel: "market:p1", type: "shares.purchased", id: null }]);
    expect(stranger.messages).toEqual([]);

    mine.unsubscribe();
    await publish("alerts:u1", { type: "alert.created", id: "a2" }, db.current.prisma);
    await publish("market:p1", { type: "shares.purchased", id: "after" }, db.current.prisma);
    await expect.poll(() => elsewhere.messages.length).toBe(2);
    expect(mine.messages).toHaveLength(2);
  });

  it("announces an event published inside a transaction only when it commits", async () => {
    const bus = await startBus();
    const heard = collect(bus, ["admin"]);
    await db.current.prisma
      .$transaction(async (tx) => {
        await publish("admin", { type: "rolled.back" }, tx);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await db.current.prisma.$transaction(async (tx) => {
      await publish("admin", { type: "committed" }, tx);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard.messages).toEqual([]);
    });
    await expect.poll(() => heard.messages.map((m) => (m.kind === "event" ? m.type : m.kind))).toEqual(["committed"]);
  });

  it("refuses payloads PostgreSQL would reject and channels that do not exist", async () => {
    await expect(publish("alerts:u1", { type: "x".repeat(8_000) }, db.current.prisma)).rejects.toThrow("too large");
    await expect(publish("alerts:*" as "admin", { type: "x" }, db.current.prisma)).rejects.toThrow("not a live channel");
  });

  it("reconnects after losing its connection, tells subscribers to resync, and hears events again", async () => {
    const bus = await startBus();
    const heard = collect(bus, ["admin"]);
    const admin = new pg.Client({ connectionString: db.current.url });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'aangan-realtime' AND datname = current_database()",
    );
    await admin.end();

    await expect.poll(() => heard.messages, { timeout: 10_000 }).toEqual([{ kind: "resync" }]);
    await bus.whenListening();
    await publish("admin", { type: "after.reconnect" }, db.current.prisma);
    await expect.poll(() => heard.messages.length).toBe(2);
    expect(heard.messages[1]).toMatchObject({ kind: "event", type: "after.reconnect" });
  });

  it("closes every subscription when it stops", async () => {
    const bus = await startBus();
    const heard = collect(bus, ["admin"]);
    await bus.stop();
    expect(heard.messages).toEqual([{ kind: "closed" }]);
    expect(bus.subscriberCount).toBe(0);
    const late = collect(bus, ["admin"]);
    await expect.poll(() => late.messages).toEqual([{ kind: "closed" }]);
  });
});
