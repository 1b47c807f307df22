import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { logUserEvent } from "./log-user-event.server";

const db = useTestDatabase();

const ON = { analyticsEnabled: true } as const;

describe("logUserEvent", () => {
  it("records the event and the user's last activity", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    const at = new Date("2026-11-21T09:30:00Z");
    expect(
      await logUserEvent(prisma, { userId: user.id, eventName: "watchlist_toggle", props: { inWatchlist: true } }, { ...ON, now: at }),
    ).toBe(true);
    const [event] = await prisma.userEvent.findMany({ where: { userId: user.id } });
    expect(event).toMatchObject({ eventName: "watchlist_toggle", eventProps: { inWatchlist: true } });
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).lastActivityAt?.toISOString()).toBe(at.toISOString());
  });

  it("reports a failure instead of throwing", async () => {
    const prisma = db.current.prisma;
    const missingUser = "00000000-0000-4000-8000-000000000000";
    await expect(logUserEvent(prisma, { userId: missingUser, eventName: "login" }, ON)).resolves.toBe(false);
    expect(await prisma.userEvent.count({ where: { userId: missingUser } })).toBe(0);
  });

  it("records nothing while analytics_enabled is off", async () => {
    const prisma = db.current.prisma;
    const user = await createUser(prisma);
    expect(await logUserEvent(prisma, { userId: user.id, eventName: "login" }, { analyticsEnabled: false })).toBe(false);
    expect(await prisma.userEvent.count({ where: { userId: user.id } })).toBe(0);
  });
});
