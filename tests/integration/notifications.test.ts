import { beforeAll, describe, expect, it } from "vitest";
import { createUserAlert } from "../../app/domain/alerts/create-user-alert.server";
import { getBellSummary, listAlerts } from "../../app/domain/alerts/list-alerts.server";
import { markAlertRead, markAllAlertsRead } from "../../app/domain/alerts/mark-alerts-read.server";
import { reloadEnv } from "../../app/services/env.server";
import { formPost, LOCAL_ORIGIN as ORIGIN, pageRequest } from "#tests/kit/http";
import { loadRequestHandler } from "#tests/kit/production-build";
import { createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "notifications-session-secret-0123456789abcdef";
  reloadEnv();
  handle = await loadRequestHandler("notifications");
});

async function investorWithAlerts(count: number) {
  const prisma = db.current.prisma;
  const user = await createUser(prisma, { tier: "small_investor", subscriptionActive: true });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const alert = await createUserAlert(prisma, {
      userId: user.id,
      alertType: "test",
      title: `Alert ${index}`,
      message: `Message ${index}`,
    });
    // Distinct times, oldest first, so "newest first" has one right answer.
    await prisma.userAlert.update({ where: { id: alert!.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) } });
    ids.push(alert!.id);
  }
  return { user, ids };
}

function post(cookie: string, body: Record<string, string>) {
  return handle(formPost("/dashboard/notifications", cookie, body));
}

describe("listing alerts", () => {
  it("gives 20 newest first, says more exist, and gives more pages on request", async () => {
    const { user, ids } = await investorWithAlerts(23);
    const first = await listAlerts(db.current.prisma, user.id);
    expect(first.alerts).toHaveLength(20);
    expect(first.alerts[0]?.title).toBe("Alert 22");
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(23);
    const two = await listAlerts(db.current.prisma, user.id, 2);
    expect(two.alerts.map((alert) => alert.id)).toEqual([...ids].reverse());
    expect(two.hasMore).toBe(false);
  });
});

describe("the bell (one prepared statement, ADR 0026)", () => {
  it("shows the unread count and the spec's 20 latest alerts, the same as the list's first page, and only the user's own", async () => {
    const prisma = db.current.prisma;
    const { user, ids } = await investorWithAlerts(24);
    const other = await investorWithAlerts(3);
    await markAlertRead(prisma, user.id, ids[23]!);
    await markAlertRead(prisma, user.id, ids[2]!);
    const bell = await getBellSummary(prisma, user.id);
    expect(bell.unread).toBe(22);
    expect(bell.latest).toHaveLength(20);
    expect(bell.latest).toEqual((await listAlerts(prisma, user.id)).alerts);
    expect(bell.latest.map((alert) => alert.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(bell.latest[0]).toMatchObject({ isRead: true, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    expect(bell.latest.some((alert) => other.ids.includes(alert.id))).toBe(false);
    expect(await getBellSummary(prisma, (await createUser(prisma)).id)).toEqual({ unread: 0, latest: [] });
  });
});

describe("marking alerts read", () => {
  it("marks one, then all, and the bell's count follows", async () => {
    const prisma = db.current.prisma;
    const { user, ids } = await investorWithAlerts(3);
    await markAlertRead(prisma, user.id, ids[0]!);
    expect((await getBellSummary(prisma, user.id)).unread).toBe(2);
    expect(await markAllAlertsRead(prisma, user.id)).toBe(2);
    expect((await getBellSummary(prisma, user.id)).unread).toBe(0);
    expect(await markAllAlertsRead(prisma, user.id)).toBe(0);
  });

  it("touches only one's own alerts: another user's id answers 404 and changes nothing", async () => {
    const prisma = db.current.prisma;
    const owner = await investorWithAlerts(2);
    const intruder = await investorWithAlerts(1);
    const cookie = await createSession(prisma, intruder.user.id);

    const refused = await post(cookie, { intent: "mark-read", alertId: owner.ids[0]! });
    expect(refused.status).toBe(404);
    const nonsense = await post(cookie, { intent: "mark-read", alertId: "not-an-id" });
    expect(nonsense.status).toBe(404);
    expect(await prisma.userAlert.count({ where: { userId: owner.user.id, isRead: false } })).toBe(2);

    const all = await post(cookie, { intent: "mark-all-read", returnTo: "/dashboard/notifications" });
    expect(all.status).toBe(302);
    expect(all.headers.get("Location")).toBe("/dashboard/notifications");
    expect(await prisma.userAlert.count({ where: { userId: owner.user.id, isRead: false } })).toBe(2);
    expect(await prisma.userAlert.count({ where: { userId: intruder.user.id, isRead: false } })).toBe(0);

    const ownerCookie = await createSession(prisma, owner.user.id);
    const own = await post(ownerCookie, { intent: "mark-read", alertId: owner.ids[0]!, returnTo: "https://evil.example/" });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/dashboard/notifications");
    expect(await prisma.userAlert.findUnique({ where: { id: owner.ids[0]! }, select: { isRead: true } })).toEqual({ isRead: true });
  });

  it("refuses a signed-out visitor and a malformed command", async () => {
    const prisma = db.current.prisma;
    const { user } = await investorWithAlerts(1);
    const anonymous = await handle(formPost("/dashboard/notifications", null, { intent: "mark-all-read" }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth/);
    const cookie = await createSession(prisma, user.id);
    expect((await post(cookie, { intent: "delete-everything" })).status).toBe(400);
  });
});

describe("GET /notifications (users without the investor dashboard)", () => {
  const get = (cookie: string | null, pathname = "/notifications") => handle(pageRequest(pathname, cookie));

  it("lists a waitlist player's alerts, sends an investor to the dashboard's page and a visitor to sign in", async () => {
    const prisma = db.current.prisma;
    const waitlist = await createUser(prisma, { tier: "waitlist_player", subscriptionActive: true });
    await createUserAlert(prisma, { userId: waitlist.id, alertType: "test", title: "For the waitlist", message: "Hello" });
    const page = await get(await createSession(prisma, waitlist.id));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("For the waitlist");

    const { user: investor } = await investorWithAlerts(1);
    const investorCookie = await createSession(prisma, investor.id);
    const sent = await get(investorCookie, "/notifications?pages=2");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/dashboard/notifications?pages=2");
    expect((await get(investorCookie)).headers.get("Location")).toBe("/dashboard/notifications");

    const anonymous = await get(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("GET /notifications/latest (the bell refreshing itself)", () => {
  it("gives the signed-in user's own bell as JSON, never stored, and 401 to a visitor", async () => {
    const prisma = db.current.prisma;
    const { user, ids } = await investorWithAlerts(2);
    await investorWithAlerts(3);
    const response = await handle(
      new Request(`${ORIGIN}/notifications/latest`, { headers: { Cookie: await createSession(prisma, user.id) } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bell = (await response.json()) as { unread: number; latest: { id: string }[]; href: string };
    expect(bell.unread).toBe(2);
    expect(bell.latest.map((alert) => alert.id)).toEqual([...ids].reverse());
    expect(bell.href).toBe("/dashboard/notifications");

    const visitor = await handle(new Request(`${ORIGIN}/notifications/latest`));
    expect(visitor.status).toBe(401);
  });
});

describe("the bell on every page", () => {
  it("carries the unread count and none of the alerts' text: the panel fetches the list when it opens", async () => {
    const prisma = db.current.prisma;
    const { user } = await investorWithAlerts(3);
    await markAlertRead(prisma, user.id, (await listAlerts(prisma, user.id)).alerts[0]!.id);
    const page = await handle(pageRequest("/terms", await createSession(prisma, user.id)));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('aria-label="Notifications, 2 unread"');
    // Neither rendered nor in the page's data: twenty alerts' text on every page, for a panel
    // drawn only when opened, was most of the frame's loader data.
    for (const text of ["Alert 0", "Alert 1", "Alert 2", "Message 0", "Message 1", "Message 2"]) expect(html).not.toContain(text);
  });
});
