import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../tests/setup/factories";
import { useTestDatabase } from "../../tests/setup/test-database";
import {
  createUserSession,
  destroyUserSession,
  getSessionUser,
  hashSessionId,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionCookie,
} from "./session.server";

const db = useTestDatabase();

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "session-test-secret-0123456789abcdef0123";
});

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

  it("slide the idle expiry while in use, but never past the absolute limit", async () => {
    const { user, setCookie } = await signedIn();
    const request = requestWith(setCookie);
    const start = Date.now();
    const sixDays = 6 * 24 * 60 * 60 * 1000;
    let now = start;
    // Visit every six days: each visit is within the idle window, yet the absolute limit wins.
    while (now + sixDays < start + SESSION_ABSOLUTE_MS - 60_000) {
      now += sixDays;
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
