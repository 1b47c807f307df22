import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/setup/factories";
import { useTestDatabase } from "../../tests/setup/test-database";
import { createUserSession, destroyUserSession, getSessionUser, hashSessionId, sessionCookie, sessionLifetimes } from "./session.server";
import { reloadEnv } from "./env.server";

const db = useTestDatabase();

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "session-test-secret-0123456789abcdef0123";
  reloadEnv();
});

const { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS } = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 };

function requestWith(setCookie: string): Request {
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });
}

async function signedIn() {
  const user = await createUser(db.current.prisma);
  const setCookie = await createUserSession(user.id, new Request("http://localhost/", { headers: { "User-Agent": "vitest" } }));
  return { user, setCookie };
}

describe("database sessions", () => {
  it("keep only a hash of a 256-bit id, in an HttpOnly SameSite=Lax cookie", async () => {
    const { user, setCookie } = await signedIn();
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const sessionId = (await sessionCookie().parse(setCookie.split(";")[0]!)) as string;
    expect(Buffer.from(sessionId, "base64url")).toHaveLength(32);
    const rows = await db.current.prisma.session.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).toBe(hashSessionId(sessionId));
    expect(rows[0]!.idHash).not.toContain(sessionId);
    expect(rows[0]!.absoluteExpiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(SESSION_ABSOLUTE_MS);
    expect((await getSessionUser(requestWith(setCookie)))?.id).toBe(user.id);
  });

  it("give every sign-in a new id", async () => {
    const user = await createUser(db.current.prisma);
    const first = await createUserSession(user.id, new Request("http://localhost/"));
    const second = await createUserSession(user.id, new Request("http://localhost/"));
    expect(first.split(";")[0]).not.toBe(second.split(";")[0]);
  });

  it("treat a tampered, unknown or missing cookie as signed out", async () => {
    const { setCookie } = await signedIn();
    const [nameValue] = setCookie.split(";");
    const tampered = `${nameValue!.slice(0, -3)}abc`;
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: tampered } }))).toBeNull();
    const unknown = await sessionCookie().serialize("A".repeat(43));
    expect(await getSessionUser(requestWith(unknown))).toBeNull();
    expect(await getSessionUser(new Request("http://localhost/", { headers: { Cookie: "aangan_session=garbage" } }))).toBeNull();
    expect(await getSessionUser(new Request("http://localhost/"))).toBeNull();
  });

  it("end after the idle limit and remove the row", async () => {
    const { user, setCookie } = await signedIn();
    const later = new Date(Date.now() + SESSION_IDLE_MS + 1000);
    expect(await getSessionUser(requestWith(setCookie), later)).toBeNull();
    expect(await db.current.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("last 30 minutes idle and 12 hours in all by default, as the environment may change", async () => {
    expect(sessionLifetimes()).toEqual({ idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS });
    const { setCookie } = await signedIn();
    expect(setCookie).toContain(`Max-Age=${12 * 3600}`);
    process.env.SESSION_IDLE_MINUTES = "5";
    process.env.SESSION_ABSOLUTE_HOURS = "1";
    reloadEnv();
    try {
      expect(sessionLifetimes()).toEqual({ idleMs: 5 * 60_000, absoluteMs: 3_600_000 });
      const { user, setCookie: short } = await signedIn();
      const row = await db.current.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
      expect(row.idleExpiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
      expect(row.absoluteExpiresAt.getTime() - row.createdAt.getTime()).toBe(3_600_000);
      expect(await getSessionUser(requestWith(short), new Date(Date.now() + 6 * 60_000))).toBeNull();
    } finally {
      delete process.env.SESSION_IDLE_MINUTES;
      delete process.env.SESSION_ABSOLUTE_HOURS;
      reloadEnv();
    }
  });

  it("stay alive at 29 minutes idle", async () => {
    const { user, setCookie } = await signedIn();
    expect((await getSessionUser(requestWith(setCookie), new Date(Date.now() + SESSION_IDLE_MS - 60_000)))?.id).toBe(user.id);
  });

  it("slide the idle expiry while in use, but never past the absolute limit", async () => {
    const { user, setCookie } = await signedIn();
    const request = requestWith(setCookie);
    const start = Date.now();
    const step = 20 * 60 * 1000;
    let now = start;
    // Visit every twenty minutes: each visit is within the idle window, yet the absolute limit wins.
    while (now + step < start + SESSION_ABSOLUTE_MS - 60_000) {
      now += step;
      expect((await getSessionUser(request, new Date(now)))?.id).toBe(user.id);
    }
    expect(await getSessionUser(request, new Date(Date.now() + SESSION_ABSOLUTE_MS + 1000))).toBeNull();
  });

  it("delete the row on sign-out and clear the cookie", async () => {
    const { user, setCookie } = await signedIn();
    const cleared = await destroyUserSession(requestWith(setCookie));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await db.current.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getSessionUser(requestWith(setCookie))).toBeNull();
  });
});
