import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useCountedApp } from "./support/counted-app";
import { sessionCookieFor } from "#tests/kit/production-build";

/**
 * A signed-in investor's own overview kept in memory (server/user-page-cache.ts, ADR 0045): a
 * real server.ts process behind the statement counter. A kept page is served again only to
 * the same session and only while the database's page version is unchanged; every change
 * to what the page shows reaches the next request.
 */
const db = useTestDatabase();
const SESSION_SECRET = "user-page-cache-session-secret-0123456789abcdef";
const counted = useCountedApp(() => db.current.url, SESSION_SECRET);

const base = () => counted.app.baseUrl;
const get = (pathname: string, cookie: string) => fetch(`${base()}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });
const nonceOf = (response: Response) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";

/** The header's name, as the page's loader data carries it (escaped inside the streamed script). */
const shownName = (html: string) => /displayName\\?",\\?"([^"\\]+)/.exec(html)?.[1];

async function read(cookie: string, pathname = "/dashboard/overview") {
  const response = await get(pathname, cookie);
  return { response, outcome: response.headers.get("x-page-cache"), html: await response.text() };
}

async function investor(fullName = `Investor ${randomBytes(3).toString("hex")}`) {
  const prisma = db.current.prisma;
  const user = await createUser(prisma, { fullName, tier: "small_investor", subscriptionActive: true, kycStatus: "approved" });
  return { user, cookie: await sessionCookieFor(user.id) };
}

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: db.current.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe("a signed-in investor's overview kept in memory", () => {
  it("serves the same session's second read from memory, with its own nonce, sending only the session's statement", async () => {
    const { cookie } = await investor("Meera Kept");
    const first = await read(cookie);
    expect(first.response.status).toBe(200);
    expect(first.outcome).toBe("miss");
    counted.counter.reset();
    const second = await read(cookie);
    expect(second.outcome).toBe("hit");
    expect(second.response.headers.get("cache-control")).toBe("no-store");
    const nonce = nonceOf(second.response);
    expect(nonce).not.toBe(nonceOf(first.response));
    expect(second.html.replaceAll(nonce, "N")).toBe(first.html.replaceAll(nonceOf(first.response), "N"));
    expect(shownName(second.html)).toBe("Meera");
    // The hit ran no loader: the rate limiter's count and the session with its page version.
    const statements = counted.counter.statements();
    expect(statements.filter((s) => !/rate_limit_counters/.test(s))).toEqual([expect.stringMatching(/FROM "public"\."sessions" s/)]);
    expect(statements.join("\n")).toMatch(/user_page_versions/);
  });

  it("reads the session once on a miss: the loaders reuse what the server read with the version", async () => {
    const { cookie } = await investor();
    counted.counter.reset();
    expect((await read(cookie)).outcome).toBe("miss");
    const sessionReads = counted.counter.statements().filter((s) => /^SELECT\b[\s\S]*\bFROM\s+"public"\."sessions"/i.test(s));
    expect(sessionReads).toHaveLength(1);
  });

  it("keeps the .data answer apart from the document", async () => {
    const { cookie } = await investor();
    await read(cookie);
    const data = await read(cookie, "/dashboard/overview.data");
    expect(data.outcome).toBe("miss");
    expect(data.html).not.toContain("<html");
    expect((await read(cookie, "/dashboard/overview.data")).outcome).toBe("hit");
    expect((await read(cookie)).outcome).toBe("hit");
  });

  it("shows every change to what the page reads on the next request", async () => {
    const prisma = db.current.prisma;
    const { user, cookie } = await investor("Before Rename");
    const property = await createProperty(prisma, { title: "Versioned Villas", sharePrice: "10000" });
    await read(cookie);
    expect((await read(cookie)).outcome).toBe("hit");

    // The profile (the header's name).
    await prisma.userProfile.update({ where: { id: user.id }, data: { fullName: "Afterwards Renamed" } });
    let page = await read(cookie);
    expect(page.outcome).toBe("miss");
    expect(shownName(page.html)).toBe("Afterwards");

    // An alert (the bell's count: its list is fetched when the bell opens, not carried by the page).
    expect(page.html).toContain('aria-label="Notifications, none unread"');
    await prisma.userAlert.create({ data: { userId: user.id, alertType: "system", title: "Rent arrives Friday", message: "m" } });
    page = await read(cookie);
    expect(page.outcome).toBe("miss");
    expect(page.html).toContain('aria-label="Notifications, 1 unread"');

    // A position (the sidebar and the figures).
    await prisma.userPropertyPosition.create({
      data: { userId: user.id, propertyId: property.id, shares: 3, costBasis: "30000", avgPrice: "10000" },
    });
    page = await read(cookie);
    expect(page.outcome).toBe("miss");
    expect(page.html).toContain("Versioned Villas");
    expect((await read(cookie)).outcome).toBe("hit");

    // The day's money (investor_daily_flows, kept by the transactions trigger): the chart.
    await prisma.investment.create({
      data: { userId: user.id, propertyId: property.id, sharesOwned: 3, pricePerShare: "10000", totalInvestment: "30000" },
    });
    expect((await read(cookie)).outcome).toBe("miss");

    // The property's title and price (the catalogue's version).
    await prisma.property.update({ where: { id: property.id }, data: { title: "Renamed Residency" } });
    page = await read(cookie);
    expect(page.outcome).toBe("miss");
    expect(page.html).toContain("Renamed Residency");
    await prisma.property.update({ where: { id: property.id }, data: { sharePrice: "12000" } });
    expect((await read(cookie)).outcome).toBe("miss");

    // A sale elsewhere changes only the property's availability, which the page does not show.
    await prisma.property.update({ where: { id: property.id }, data: { availableShares: { decrement: 5 } } });
    expect((await read(cookie)).outcome).toBe("hit");
  });

  it("never gives one session's page to another session, of the same user or another", async () => {
    const a = await investor("Asha Owner");
    const b = await investor("Bina Other");
    await read(a.cookie);
    expect((await read(a.cookie)).outcome).toBe("hit");
    const other = await read(b.cookie);
    expect(other.outcome).toBe("miss");
    expect(shownName(other.html)).toBe("Bina");
    expect(other.html).not.toContain("Asha");
    const secondDevice = await read(await sessionCookieFor(a.user.id));
    expect(secondDevice.outcome).toBe("miss");
    expect(shownName(secondDevice.html)).toBe("Asha");
  });

  it("sends a signed-out browser to sign in, whatever was kept for its session", async () => {
    const { user, cookie } = await investor();
    await read(cookie);
    expect((await read(cookie)).outcome).toBe("hit");
    await db.current.prisma.session.deleteMany({ where: { userId: user.id } });
    const after = await read(cookie);
    expect(after.response.status).toBe(302);
    expect(after.response.headers.get("location")).toMatch(/^\/auth/);
    expect(after.outcome).toBeNull();
  });

  it("renders afresh for a request carrying any other cookie (a flashed message must be read)", async () => {
    const { cookie } = await investor();
    await read(cookie);
    expect((await read(cookie)).outcome).toBe("hit");
    const withFlash = await get("/dashboard/overview", `${cookie}; aangan_flash=anything`);
    expect(withFlash.status).toBe(200);
    expect(withFlash.headers.get("x-page-cache")).toBeNull();
  });

  // The dashboard's trial guard is a feature flag (off here); either way the page is rendered
  // afresh from the trial's end, when the guard and the greeting may answer differently.
  it("stops serving a kept page when the user's trial ends, though no row changed", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma, {
      tier: "small_investor",
      subscriptionActive: false,
      kycStatus: "approved",
      trialExpiresAt: new Date(Date.now() + 2_500),
    });
    const cookie = await sessionCookieFor(user.id);
    expect((await read(cookie)).response.status).toBe(200);
    expect((await read(cookie)).outcome).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 2_700));
    const after = await read(cookie);
    expect(after.response.status).toBe(200);
    expect(after.outcome).toBe("miss");
  });
});

describe("page versions kept by the database", () => {
  // As the session read sums it (ADR 0084): the folded base plus the changes not yet folded.
  const versionOf = async (userId: string) =>
    Number(
      (
        await sql(
          `SELECT coalesce((SELECT version FROM user_page_versions WHERE user_id = $1), 0)
                  + (SELECT count(*) FROM user_page_changes WHERE user_id = $1) AS version`,
          [userId],
        )
      )[0].version,
    );
  // The sum of its slots, as the session read sums them (ADR 0096).
  const catalogueVersion = async () => Number((await sql("SELECT sum(version) AS version FROM catalogue_page_version"))[0].version);

  it("raises an investor's version once per transaction, however many of their rows it writes", async () => {
    const { user } = await investor();
    const property = await createProperty(db.current.prisma);
    const before = await versionOf(user.id);
    const client = new pg.Client({ connectionString: db.current.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query(
        "INSERT INTO user_property_positions (user_id, property_id, shares, cost_basis, avg_price) VALUES ($1, $2, 1, 10000, 10000)",
        [user.id, property.id],
      );
      await client.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'system', 't', 'm')", [user.id]);
      await client.query("UPDATE user_profiles SET full_name = 'Twice Written' WHERE user_id = $1", [user.id]);
      await client.query("COMMIT");
    } finally {
      await client.end();
    }
    expect(await versionOf(user.id)).toBe(before + 1);
    await sql("UPDATE user_alerts SET is_read = true WHERE user_id = $1", [user.id]);
    expect(await versionOf(user.id)).toBe(before + 2);
  });

  it("takes the investor's version row only at the commit, so a long transaction does not hold it", async () => {
    const { user } = await investor();
    await sql("UPDATE user_profiles SET full_name = 'Has A Version Row' WHERE user_id = $1", [user.id]);
    await sql("SELECT user_page_changes_fold()"); // the change becomes the investor's version row
    const writer = new pg.Client({ connectionString: db.current.url });
    await writer.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("INSERT INTO user_alerts (user_id, alert_type, title, message) VALUES ($1, 'system', 't', 'm')", [user.id]);
      // Another transaction may lock the row meanwhile: the writer has not touched it yet.
      await expect(sql("SELECT version FROM user_page_versions WHERE user_id = $1 FOR UPDATE NOWAIT", [user.id])).resolves.toHaveLength(1);
      const before = await versionOf(user.id);
      await writer.query("COMMIT");
      expect(await versionOf(user.id)).toBe(before + 1);
    } finally {
      await writer.end();
    }
  });

  it("raises the catalogue's version for a title, type or price, not for availability", async () => {
    const property = await createProperty(db.current.prisma);
    const before = await catalogueVersion();
    await sql("UPDATE properties SET available_shares = available_shares - 1 WHERE id = $1", [property.id]);
    expect(await catalogueVersion()).toBe(before);
    await sql("UPDATE properties SET share_price = share_price + 1 WHERE id = $1", [property.id]);
    expect(await catalogueVersion()).toBe(before + 1);
    await sql("UPDATE properties SET property_type = 'commercial' WHERE id = $1", [property.id]);
    expect(await catalogueVersion()).toBe(before + 2);
  });

  it("raises the catalogue's version for a recorded valuation and for a change of debts or reserves (the NAV every holder is valued at)", async () => {
    const property = await createProperty(db.current.prisma);
    const admin = await createUser(db.current.prisma, { isAdmin: true });
    const before = await catalogueVersion();
    await sql(
      `INSERT INTO property_valuations (property_id, valuer, valuation_date, value, debts, reserves, report_storage_key, report_size, recorded_by)
       VALUES ($1, 'Cache Valuers', CURRENT_DATE, 10500000, 0, 0, 'valuation-reports/x/y.pdf', 10, $2)`,
      [property.id, admin.id],
    );
    expect(await catalogueVersion()).toBe(before + 1);
    await sql("UPDATE properties SET debts = 100000 WHERE id = $1", [property.id]);
    expect(await catalogueVersion()).toBe(before + 2);
    await sql("UPDATE properties SET reserves = 5000 WHERE id = $1", [property.id]);
    expect(await catalogueVersion()).toBe(before + 3);
  });

  it("versions every table the kept page reads: each of the investor's tables has the trigger", async () => {
    const { cookie } = await investor();
    await createProperty(db.current.prisma);
    await read(cookie); // warm: prepared statements are bound, not parsed, from here on
    counted.counter.reset();
    expect((await read(`${cookie}; x=bypass`)).response.status).toBe(200); // rendered in full, not from memory
    const tables = new Set(
      (await sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).map((r) => r.table_name),
    );
    const read_ = new Set<string>();
    for (const statement of counted.counter.statements()) {
      for (const [, name] of statement.matchAll(/\b(?:FROM|JOIN)\s+(?:"public"\.)?"?([a-z_]+)"?/gi))
        if (tables.has(name!)) read_.add(name!);
    }
    // Not the investor's own rows: the session (read with the version on every request), the
    // rate limiter's counters, the versions themselves, and properties and their valuations (the
    // catalogue's version: a valuation sets the NAV every holder is valued at, ADR 0069).
    const shared = new Set([
      "sessions",
      "rate_limit_counters",
      "user_page_versions",
      "catalogue_page_version",
      "properties",
      "property_valuations",
    ]);
    const own = [...read_].filter((name) => !shared.has(name)).sort();
    // transactions: the overview's invested, realised gains and distributions (ADR 0046).
    expect(own).toEqual([
      "investor_daily_flows",
      "investor_property_trades",
      "transactions",
      "user_alerts",
      "user_profiles",
      "user_property_positions",
    ]);
    const triggers = await sql(
      `SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = 'user_page_version_row_changed' AND NOT t.tgisinternal`,
    );
    // Kept only by transactions' triggers, for the same investor in the same transaction (ADR 0108):
    // transactions' own trigger raises the version for it.
    const keptFromTransactions = "investor_property_trades";
    expect(own).toContain("transactions");
    expect(triggers.map((r) => r.table_name).sort()).toEqual(own.filter((name) => name !== keptFromTransactions));
    expect(read_.has("properties")).toBe(true);
  });
});
