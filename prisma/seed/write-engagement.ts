import { ALERTS, EVENTS, VIEWS_ONLY, WATCHLIST } from "./engagement";
import { demoId } from "./ids";
import { ALL_PERSONAS, userId } from "./personas";
import type { SeedContext } from "./context";

const MINUTE_MS = 60_000;

export async function writeEngagement({ tx, clock }: SeedContext): Promise<void> {
  await tx.watchlistEntry.createMany({
    skipDuplicates: true,
    data: WATCHLIST.map((entry) => ({
      id: demoId(`watchlist:${entry.email}:${entry.propertyId}`),
      userId: userId(entry.email),
      propertyId: entry.propertyId,
      notes: entry.notes,
      addedAt: clock.daysAgo(entry.addedDaysAgo, 7),
      updatedAt: clock.daysAgo(Math.max(entry.addedDaysAgo - 1, 0), 8),
    })),
  });

  const engagements = [
    ...WATCHLIST.map((entry) => ({
      email: entry.email,
      propertyId: entry.propertyId,
      views: entry.views,
      lastDaysAgo: Math.max(entry.addedDaysAgo - 2, 0),
      watchlistDaysAgo: entry.addedDaysAgo as number | null,
    })),
    ...VIEWS_ONLY.map((view) => ({
      email: view.email,
      propertyId: view.propertyId,
      views: view.views,
      lastDaysAgo: view.daysAgo,
      watchlistDaysAgo: null,
    })),
  ];
  await tx.propertyEngagement.createMany({
    skipDuplicates: true,
    data: engagements.map((row) => ({
      id: demoId(`engagement:${row.email}:${row.propertyId}`),
      userId: userId(row.email),
      propertyId: row.propertyId,
      viewCount: row.views,
      lastViewedAt: clock.daysAgo(row.lastDaysAgo, 9),
      watchlistAddedAt: row.watchlistDaysAgo === null ? null : clock.daysAgo(row.watchlistDaysAgo, 7),
      createdAt: clock.daysAgo(row.watchlistDaysAgo ?? row.lastDaysAgo, 6),
      updatedAt: clock.daysAgo(row.lastDaysAgo, 9),
    })),
  });

  await tx.userAlert.createMany({
    skipDuplicates: true,
    data: ALERTS.map((alert, index) => ({
      id: demoId(`alert:${alert.email}:${alert.type}:${index}`),
      userId: userId(alert.email),
      alertType: alert.type,
      title: alert.title,
      message: alert.message,
      propertyId: alert.propertyId,
      isRead: alert.read,
      createdAt: clock.daysAgo(alert.daysAgo, 6),
    })),
  });

  // user_events has a serial id, so the fixed-id trick does not apply: the events go in
  // only while the demo profiles have none (the whole seed runs under one lock).
  const seededUsers = ALL_PERSONAS.map((persona) => userId(persona.email));
  const existing = await tx.userEvent.count({ where: { userId: { in: seededUsers } } });
  if (existing > 0) return;
  await tx.userEvent.createMany({
    data: EVENTS.map((event, index) => ({
      userId: userId(event.email),
      eventName: event.name,
      propertyId: event.propertyId,
      eventProps: event.props,
      createdAt: new Date(clock.daysAgo(event.daysAgo, event.hour).getTime() - index * MINUTE_MS),
    })),
  });
}
