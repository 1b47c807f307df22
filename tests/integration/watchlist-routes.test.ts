import { beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "../../app/services/env.server";
import { createProperty, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { flashedToasts, formPost } from "#tests/kit/http";
import { loadRequestHandler, sessionCookieFor } from "#tests/kit/production-build";

/**
 * The watchlist's plain forms without JavaScript (every flow works as a plain form post), posted to /watchlist through the production
 * build's request handler on a real database, as a browser without JavaScript sends them:
 * where each answer leads, the spec's words it shows (000 §8), and the events it logs.
 */

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "watchlist-routes-session-secret-0123456789ab";
  process.env.FEATURE_ANALYTICS_ENABLED = "true";
  reloadEnv();
  handle = await loadRequestHandler();
});

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db.current.prisma, overrides);
  return { user, cookie: await sessionCookieFor(user.id) };
}

const entries = (userId: string) =>
  db.current.prisma.watchlistEntry.findMany({ where: { userId }, select: { propertyId: true, notes: true } });

const events = async (userId: string) =>
  (
    await db.current.prisma.userEvent.findMany({
      where: { userId },
      orderBy: { id: "asc" },
      select: { eventName: true, propertyId: true, eventProps: true },
    })
  ).map((row) => [row.eventName, row.propertyId, row.eventProps]);

async function outcome(response: Response) {
  return { status: response.status, location: response.headers.get("Location"), toasts: await flashedToasts(response) };
}

describe("POST /watchlist", () => {
  it("sends a signed-out visitor to sign in, back to the page they were on, and saves nothing", async () => {
    const property = await createProperty(db.current.prisma);
    const response = await handle(formPost("/watchlist", "", { intent: "save", propertyId: property.id, returnTo: "/properties?page=2" }));
    expect(await outcome(response)).toEqual({
      status: 302,
      location: `/auth?redirectTo=${encodeURIComponent("/properties?page=2")}`,
      toasts: [expect.objectContaining({ kind: "error", title: "User not authenticated" })],
    });
    expect(await db.current.prisma.watchlistEntry.count({ where: { propertyId: property.id } })).toBe(0);
  });

  it("saves with notes, refuses a second save, removes, and logs watchlist_toggle (inWatchlist) and note_updated", async () => {
    const { user, cookie } = await signedIn({ tier: "small_investor", subscriptionActive: true });
    const property = await createProperty(db.current.prisma);
    const form = { intent: "save", propertyId: property.id, notes: "Near the metro", returnTo: "/properties" };

    const saved = await outcome(await handle(formPost("/watchlist", cookie, form)));
    expect(saved).toEqual({ status: 302, location: "/properties", toasts: [expect.objectContaining({ title: "Added to watchlist" })] });
    expect(await entries(user.id)).toEqual([{ propertyId: property.id, notes: "Near the metro" }]);

    const twice = await outcome(await handle(formPost("/watchlist", cookie, form)));
    expect(twice.location).toBe("/properties");
    expect(twice.toasts).toEqual([expect.objectContaining({ kind: "error", title: "Property already in watchlist" })]);
    expect(await entries(user.id)).toHaveLength(1);

    const notes = await outcome(
      await handle(
        formPost("/watchlist", cookie, { intent: "notes", propertyId: property.id, notes: "Changed", returnTo: "/dashboard/watchlist" }),
      ),
    );
    expect(notes).toEqual({ status: 302, location: "/dashboard/watchlist", toasts: [expect.objectContaining({ title: "Notes saved" })] });

    const removed = await outcome(
      await handle(formPost("/watchlist", cookie, { intent: "remove", propertyId: property.id, returnTo: "/dashboard/watchlist" })),
    );
    expect(removed.toasts).toEqual([expect.objectContaining({ title: "Removed from watchlist" })]);
    expect(await entries(user.id)).toEqual([]);

    expect(await events(user.id)).toEqual([
      ["watchlist_toggle", property.id, { inWatchlist: true }],
      ["note_updated", property.id, {}],
      ["note_updated", property.id, {}],
      ["watchlist_toggle", property.id, { inWatchlist: false }],
    ]);
  });

  it("tells an explorer that notes need a higher tier and saves nothing", async () => {
    const { user, cookie } = await signedIn({ tier: "explorer" });
    const property = await createProperty(db.current.prisma);
    const refused = await outcome(
      await handle(formPost("/watchlist", cookie, { intent: "save", propertyId: property.id, notes: "Mine", returnTo: "/properties" })),
    );
    expect(refused.toasts).toEqual([
      expect.objectContaining({ kind: "error", title: "Notes feature requires waitlist player tier or higher" }),
    ]);
    expect(await entries(user.id)).toEqual([]);
    expect(await events(user.id)).toEqual([]);
  });

  it.each([
    ["save", "Failed to add to watchlist"],
    ["remove", "Failed to remove from watchlist"],
    ["notes", "Failed to update notes"],
  ])("answers a malformed %s with the spec's '%s'", async (intent, message) => {
    const { user, cookie } = await signedIn({ tier: "waitlist_player", subscriptionActive: true });
    const response = await outcome(
      await handle(formPost("/watchlist", cookie, { intent, propertyId: "", returnTo: "/dashboard/watchlist" })),
    );
    expect(response).toEqual({
      status: 303,
      location: "/dashboard/watchlist",
      toasts: [expect.objectContaining({ kind: "error", title: message })],
    });
    expect(await events(user.id)).toEqual([]);
  });

  it("answers 'Failed to update notes' for notes on a property that is not in the watchlist", async () => {
    const { user, cookie } = await signedIn({ tier: "large_investor", subscriptionActive: true });
    const property = await createProperty(db.current.prisma);
    const response = await outcome(await handle(formPost("/watchlist", cookie, { intent: "notes", propertyId: property.id, notes: "x" })));
    expect(response.toasts).toEqual([expect.objectContaining({ kind: "error", title: "Failed to update notes" })]);
    expect(await entries(user.id)).toEqual([]);
  });
});
