import type { Db } from "~/services/db.server";
import { engagementBadge, engagementScore } from "./engagement";
import { countKycQueue } from "~/domain/kyc/kyc-queue.server";
import { readPlatformTotals } from "./platform-totals.server";

/**
 * The Overview cards: the spec's six counts, in one round of queries. Users, subscriptions and
 * investments come from the platform counters (ADR 0078), not a count over every row.
 */
export async function getAdminOverview(db: Db) {
  const [totals, kycPending, properties, openTickets] = await Promise.all([
    readPlatformTotals(db),
    // The same definition as the queue the card links to.
    countKycQueue(db),
    db.property.count(),
    db.supportTicket.count({ where: { status: { in: ["open", "in_progress"] } } }),
  ]);
  return {
    totalUsers: totals.users,
    activeSubscriptions: totals.usersSubscribed,
    kycPending,
    properties,
    investmentsCount: totals.investments,
    totalInvested: totals.invested,
    openTickets,
  };
}

/** The latest 20 watchlist notes, with author and property. */
export async function listLatestNotes(db: Db) {
  const rows = await db.watchlistEntry.findMany({
    where: { notes: { not: null }, NOT: { notes: "" } },
    orderBy: { updatedAt: "desc" },
    take: 20,
    select: {
      id: true,
      notes: true,
      updatedAt: true,
      user: { select: { fullName: true, email: true } },
      property: { select: { id: true, title: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    notes: row.notes ?? "",
    updatedAt: row.updatedAt,
    author: row.user.fullName ?? row.user.email,
    propertyId: row.property.id,
    propertyTitle: row.property.title,
  }));
}

/** The 20 most recently updated profiles with watchlist and notes counts and their engagement. */
export async function listUserEngagement(db: Db) {
  const profiles = await db.userProfile.findMany({
    orderBy: { updatedAt: "desc" },
    take: 20,
    select: { id: true, fullName: true, email: true, tier: true, lastActivityAt: true, updatedAt: true },
  });
  const ids = profiles.map((p) => p.id);
  const [watchlist, notes] = await Promise.all([
    db.watchlistEntry.groupBy({ by: ["userId"], where: { userId: { in: ids } }, _count: { _all: true } }),
    db.watchlistEntry.groupBy({
      by: ["userId"],
      where: { userId: { in: ids }, notes: { not: null }, NOT: { notes: "" } },
      _count: { _all: true },
    }),
  ]);
  const countOf = (rows: typeof watchlist, id: string) => rows.find((row) => row.userId === id)?._count._all ?? 0;
  return profiles.map((profile) => {
    const watchlistCount = countOf(watchlist, profile.id);
    const notesCount = countOf(notes, profile.id);
    const score = engagementScore(watchlistCount, notesCount);
    return { ...profile, watchlistCount, notesCount, score, badge: engagementBadge(score) };
  });
}

/** The latest 50 user events with their user. */
export async function listRecentEvents(db: Db) {
  const rows = await db.userEvent.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    select: {
      id: true,
      eventName: true,
      createdAt: true,
      user: { select: { fullName: true, email: true } },
      property: { select: { title: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id.toString(),
    eventName: row.eventName,
    createdAt: row.createdAt,
    user: row.user ? (row.user.fullName ?? row.user.email) : "Unknown user",
    propertyTitle: row.property?.title ?? null,
  }));
}
