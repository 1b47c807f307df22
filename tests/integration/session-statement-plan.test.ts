import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { READ_SESSION, READ_SESSION_WITH_PAGE_VERSION } from "../../app/services/session.server";

/**
 * Every signed-in request starts with the session read. Its Premium rule (ADR 0063) is read
 * where PostgreSQL inlines it, so the statement is planned once per connection with the rule
 * inside it: as a scalar function call, PostgreSQL before 18 parsed and planned the rule's body
 * again at every read (0.14 against 0.07 ms a read on the machine's PostgreSQL 15). The rule itself
 * is checked here on the statement the app sends, for each state a subscription can be in.
 */
const db = useTestDatabase();
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
});
afterAll(() => client.end());

const DAY_MS = 86_400_000;

async function sessionOf(subscriptions: { endsAt: Date | null; cancelledAt?: Date }[], subscriptionActive: boolean) {
  const user = await createUser(db.current.prisma);
  await db.current.prisma.userProfile.update({
    where: { id: user.id },
    data: { subscriptionActive, tier: subscriptionActive ? "waitlist_player" : "explorer" },
  });
  for (const period of subscriptions) {
    await db.current.prisma.subscription.create({
      data: {
        userId: user.id,
        source: "waiver",
        startsAt: new Date(Date.now() - 60 * DAY_MS),
        endsAt: period.endsAt,
        cancelledAt: period.cancelledAt ?? null,
      },
    });
  }
  const idHash = `plan-test-${user.id}`;
  await db.current.prisma.session.create({
    data: { idHash, userId: user.id, idleExpiresAt: new Date(Date.now() + DAY_MS), absoluteExpiresAt: new Date(Date.now() + DAY_MS) },
  });
  return idHash;
}

async function readAs(idHash: string): Promise<{ tier: string; subscriptionActive: boolean }> {
  const { rows } = await client.query({ text: READ_SESSION.text, values: [idHash] });
  return rows[0].user;
}

describe("the session read", () => {
  it.each([
    ["reads the Premium rule inline, with no function left to plan at each read", READ_SESSION],
    ["and so does the read with the page versions", READ_SESSION_WITH_PAGE_VERSION],
  ])("%s", async (_, statement) => {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN (VERBOSE, GENERIC_PLAN) ${statement.text.replace(/\$1\b/g, "$1::text")}`,
    );
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).toMatch(/subscriptions/);
    expect(plan).not.toMatch(/premium_lapse/);
  });

  it("falls back to an explorer once every period has ended or was cancelled, and not before", async () => {
    const past = new Date(Date.now() - DAY_MS);
    const future = new Date(Date.now() + 30 * DAY_MS);
    const cases = [
      { label: "a period running", periods: [{ endsAt: future }], lapsed: false },
      { label: "a waiver without an end", periods: [{ endsAt: null }], lapsed: false },
      { label: "every period ended", periods: [{ endsAt: past }], lapsed: true },
      { label: "a running period cancelled", periods: [{ endsAt: future, cancelledAt: past }], lapsed: true },
      { label: "one ended, one running", periods: [{ endsAt: past }, { endsAt: future }], lapsed: false },
    ];
    for (const { label, periods, lapsed } of cases) {
      const user = await readAs(await sessionOf(periods, true));
      expect({ label, tier: user.tier, active: user.subscriptionActive }).toEqual(
        lapsed ? { label, tier: "explorer", active: false } : { label, tier: "waitlist_player", active: true },
      );
    }
    // Never subscribed: nothing to lapse, the profile's own standing stands.
    expect(await readAs(await sessionOf([], false))).toMatchObject({ tier: "explorer", subscriptionActive: false });
  });
});
