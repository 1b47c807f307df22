import { logUserEvent, type UserEventInput } from "~/domain/analytics/log-user-event.server";
import { getPrisma } from "~/services/db.server";
import { getFeatureFlags } from "~/services/env.server";

/**
 * Logs one of the spec's analytics events for a signed-in user when analytics_enabled is
 * on. Never throws: analytics must not break the page that logs it.
 */
export function logEventFor(userId: string, event: Omit<UserEventInput, "userId">): Promise<boolean> {
  return logUserEvent(getPrisma(), { ...event, userId }, { analyticsEnabled: getFeatureFlags().analytics_enabled });
}
