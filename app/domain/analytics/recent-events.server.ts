import type { Db } from "~/services/db.server";

/** The debugging page's reads: a user's 5 latest events and their last activity. */
export async function getOwnAnalytics(db: Db, userId: string) {
  const [events, profile] = await Promise.all([
    db.userEvent.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 5,
      select: { id: true, eventName: true, createdAt: true, eventProps: true },
    }),
    db.userProfile.findUnique({ where: { id: userId }, select: { lastActivityAt: true } }),
  ]);
  return {
    events: events.map((e) => ({ ...e, id: e.id.toString(), eventProps: JSON.stringify(e.eventProps) })),
    lastActivityAt: profile?.lastActivityAt ?? null,
  };
}
