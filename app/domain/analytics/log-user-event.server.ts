import type { Prisma, PrismaClient } from "~/services/db.server";
import { logger } from "~/services/logger.server";

export type UserEventInput = {
  userId: string;
  /** The spec's event names: login, properties_view, watchlist_toggle, note_updated, trading_*. */
  eventName: string;
  propertyId?: string | null;
  props?: Prisma.InputJsonObject;
};

export type UserEventContext = {
  /** The analytics_enabled feature flag; the caller reads it where the environment is known. */
  analyticsEnabled: boolean;
  now?: Date;
};

/**
 * The spec's log_user_event: records the event and marks the user as active now.
 * Analytics must never break what the user was doing, so a failure is logged and
 * reported as false, never thrown.
 */
export async function logUserEvent(db: PrismaClient, event: UserEventInput, context: UserEventContext): Promise<boolean> {
  if (!context.analyticsEnabled) return false;
  const now = context.now ?? new Date();
  try {
    await db.$transaction([
      db.userEvent.create({
        data: {
          userId: event.userId,
          eventName: event.eventName,
          propertyId: event.propertyId ?? null,
          eventProps: event.props ?? {},
          createdAt: now,
        },
      }),
      db.userProfile.update({ where: { id: event.userId }, data: { lastActivityAt: now } }),
    ]);
    return true;
  } catch (error) {
    logger.warn({ err: error, eventName: event.eventName }, "could not log user event");
    return false;
  }
}
