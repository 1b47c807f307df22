import { describe, expect, it } from "vitest";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { sessionCookieFor } from "#tests/kit/production-build";
import { useCountedApp } from "./support/counted-app";

/**
 * The session is read once per request: on a page whose root loader (the header), layout
 * guard and page guard all need the signed-in user, a real server.ts process asks
 * PostgreSQL for the session once. Counted on the wire between the app and the database.
 */

const db = useTestDatabase();
const SESSION_SECRET = "session-reads-session-secret-0123456789abcdef";
const counted = useCountedApp(() => db.current.url, SESSION_SECRET);

const get = (pathname: string, cookie: string) =>
  fetch(`${counted.app.baseUrl}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });

/**
 * Session lookups: Prisma merges findUnique calls made in the same tick into one
 * `id_hash IN ($1, $2, ...)` query, so each placeholder there is one lookup.
 */
function sessionLookups(): number {
  let lookups = 0;
  for (const sql of counted.counter.statements()) {
    if (!/^SELECT\b[\s\S]*\bFROM\s+"public"\."sessions"/i.test(sql)) continue;
    const list = /"id_hash"\s+IN\s+\(([^)]*)\)/i.exec(sql);
    lookups += list ? list[1]!.split(",").length : 1;
  }
  return lookups;
}

/** Writes to the session row: extending the idle expiry of a session last seen a while ago. */
const sessionUpdates = () => counted.counter.statements().filter((sql) => /^UPDATE\s+"public"\."sessions"/i.test(sql)).length;

async function dashboardUserCookie(lastSeenMinutesAgo = 0): Promise<string> {
  const prisma = db.current.prisma;
  const user = await createUser(prisma);
  await prisma.userProfile.update({ where: { id: user.id }, data: { tier: "small_investor", subscriptionActive: true } });
  const cookie = await sessionCookieFor(user.id);
  if (lastSeenMinutesAgo > 0) {
    await prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - lastSeenMinutesAgo * 60_000) },
    });
  }
  return cookie;
}

describe("one session read per request", () => {
  it("on a dashboard page: the root (header), the /dashboard layout's guard and the page's guard", async () => {
    // Last seen ten minutes ago, so this request also extends the session: once.
    const cookie = await dashboardUserCookie(10);
    counted.counter.reset();
    const response = await get("/dashboard/transactions", cookie);
    expect(response.status).toBe(200);
    // The page rendered for this user: the root loader found them for the header.
    expect(await response.text()).toContain("displayName");
    expect(sessionLookups()).toBe(1);
    expect(sessionUpdates()).toBe(1);
  });

  it("counts what it claims to: two requests read the session twice", async () => {
    const cookie = await dashboardUserCookie();
    counted.counter.reset();
    expect((await get("/dashboard/transactions", cookie)).status).toBe(200);
    expect((await get("/dashboard/transactions", cookie)).status).toBe(200);
    expect(sessionLookups()).toBe(2);
    expect(sessionUpdates()).toBe(0);
  });
});
