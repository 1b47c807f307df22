import pg from "pg";
import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getPropertyValueStory } from "../valuations/property-valuations.server";
import { valuationPrices } from "./valuation.server";

/**
 * Each property names its latest recorded valuation (ADR 0090), which the one valuation rule
 * reads by key: the latest by valuation date, then by when it was recorded, whatever order the
 * rows arrive, change status, are re-dated or removed in, and when two are recorded at once.
 * Property: 1,000 shares, no debts or reserves, so a NAV of ₹1,23,45,000 is ₹12,345 a share.
 */
const db = useTestDatabase();

type Status = "recorded" | "awaiting" | "rejected";

async function setUp() {
  const { prisma } = db.current;
  const property = await createProperty(prisma, { title: "Latest Court", totalShares: 1000, sharePrice: "10000", totalValue: "10000000" });
  const admin = await createUser(prisma, { isAdmin: true, kycStatus: "approved" });
  const record = async (date: string, value: string, status: Status = "recorded", client: pg.ClientBase | null = null) => {
    const sql = `INSERT INTO property_valuations (property_id, valuer, valuation_date, value, debts, reserves, report_storage_key,
                                                  report_size, status, recorded_by)
                 VALUES ($1, 'Valuers LLP', $2::date, $3::numeric, 0, 0, 'k', 1, $4, $5::uuid) RETURNING id::text`;
    const values = [property.id, date, value, status, admin.id];
    const { rows } = client
      ? await client.query<{ id: string }>(sql, values)
      : { rows: await prisma.$queryRawUnsafe<{ id: string }[]>(sql, ...values) };
    return rows[0]!.id;
  };
  const priced = async () => (await valuationPrices(prisma, [property.id])).get(property.id);
  const named = async () => (await prisma.property.findUniqueOrThrow({ where: { id: property.id } })).latestValuationId;
  return { prisma, property, admin, record, priced, named };
}

describe("the property's latest recorded valuation", () => {
  it("is the latest by date whatever order valuations are recorded, approved, rejected, re-dated or removed in", async () => {
    const { prisma, record, priced, named } = await setUp();
    expect(await priced()).toEqual({ price: "10000.00", source: "issue_price", asOf: null });

    const march = await record("2026-03-31", "11000000");
    expect(await priced()).toEqual({ price: "11000.00", source: "nav", asOf: "2026-03-31" });
    // Recorded later but dated earlier: not the latest.
    await record("2026-01-31", "10500000");
    expect(await named()).toBe(march);
    // Awaiting a second admin, or rejected, counts for nothing even when dated later.
    const june = await record("2026-06-30", "12345000", "awaiting");
    await record("2026-07-31", "20000000", "rejected");
    expect(await named()).toBe(march);
    // Approved: the June valuation becomes the latest.
    await prisma.propertyValuation.update({ where: { id: june }, data: { status: "recorded" } });
    expect(await priced()).toEqual({ price: "12345.00", source: "nav", asOf: "2026-06-30" });
    // Same date as June, recorded after it: the later record wins the tie.
    const juneAgain = await record("2026-06-30", "12400000");
    expect(await named()).toBe(juneAgain);
    // March re-dated past both: now the latest.
    await prisma.propertyValuation.update({ where: { id: march }, data: { valuationDate: new Date("2026-09-30T00:00:00Z") } });
    expect(await priced()).toEqual({ price: "11000.00", source: "nav", asOf: "2026-09-30" });
    // Removed: the next latest again.
    await prisma.propertyValuation.delete({ where: { id: march } });
    expect(await named()).toBe(juneAgain);
    // The name always agrees with ordering every recorded valuation.
    const [expected] = await prisma.propertyValuation.findMany({
      where: { propertyId: (await prisma.propertyValuation.findUniqueOrThrow({ where: { id: june } })).propertyId, status: "recorded" },
      orderBy: [{ valuationDate: "desc" }, { createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(await named()).toBe(expected!.id);
  });

  it("is the later-dated of two recorded at once, whichever commits last", async () => {
    const { record, named } = await setUp();
    const first = new pg.Client({ connectionString: db.current.url });
    const second = new pg.Client({ connectionString: db.current.url });
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query("BEGIN");
      const december = await record("2026-12-31", "13000000", "recorded", first);
      await second.query("BEGIN");
      // Dated earlier, recorded while the first is uncommitted: waits for it, then sees it.
      const waiting = record("2026-10-31", "12000000", "recorded", second).then(async (id) => {
        await second.query("COMMIT");
        return id;
      });
      // Give the second time to reach the property's lock before the first commits.
      await waitUntilBlocked(second);
      await first.query("COMMIT");
      await waiting;
      expect(await named()).toBe(december);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });
});

describe("the invest page's value story", () => {
  it("values the property at the named valuation when two share a date and a recording time", async () => {
    const { prisma, property, admin, priced } = await setUp();
    // Recorded in one instant (one statement), the higher id second: only the id tells them apart.
    // Ordered by date and recording time alone, the story's list ended on the lower id here.
    await prisma.$executeRawUnsafe(
      `INSERT INTO property_valuations (id, property_id, valuer, valuation_date, value, debts, reserves, report_storage_key,
                                        report_size, status, recorded_by, created_at)
       VALUES ('00000000-0000-4000-8000-000000000000', $1, 'Valuers LLP', '2026-05-31', 12000000, 0, 0, 'k', 1, 'recorded', $2::uuid, $3::timestamptz),
              ('ffffffff-0000-4000-8000-000000000000', $1, 'Valuers LLP', '2026-05-31', 13000000, 0, 0, 'k', 1, 'recorded', $2::uuid, $3::timestamptz)`,
      property.id,
      admin.id,
      "2026-06-01T10:00:00Z",
    );
    expect(await priced()).toEqual({ price: "13000.00", source: "nav", asOf: "2026-05-31" });
    const story = await getPropertyValueStory(prisma, property.id);
    expect(story?.valuation).toEqual(await priced());
    // Today's NAV, the last point of the chart, is the same valuation's.
    expect(story?.navHistory.at(-1)?.nav).toBe("13000.00");
  });
});

/** Until the client's backend waits on a lock (another connection watches pg_stat_activity). */
async function waitUntilBlocked(client: pg.Client) {
  const pid = (client as unknown as { processID: number }).processID;
  const watcher = new pg.Client({ connectionString: db.current.url });
  await watcher.connect();
  try {
    for (let attempt = 0; attempt < 500; attempt++) {
      const { rows } = await watcher.query<{ waiting: boolean }>(
        "SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1",
        [pid],
      );
      if (rows[0]?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the second transaction never waited for the first");
  } finally {
    await watcher.end();
  }
}
