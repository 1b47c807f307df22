import { isUniqueViolation, type Db } from "~/services/db.server";

export type SubscriptionRequestOutcome =
  { status: "created"; ticketId: string } | { status: "already_open" } | { status: "already_subscribed" };

/**
 * Records that a user asked the team for Premium without paying (a waiver, ADR 0063): a support
 * ticket of type subscription_request that an admin completes by granting the waiver. One open request per user; the
 * database's partial unique index decides, so two quick clicks cannot make two.
 */
export async function requestSubscription(db: Db, userId: string): Promise<SubscriptionRequestOutcome> {
  const profile = await db.userProfile.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, fullName: true, phone: true, tier: true, subscriptionActive: true, trialExpiresAt: true },
  });
  if (profile.subscriptionActive) return { status: "already_subscribed" };
  try {
    const ticket = await db.supportTicket.create({
      data: {
        userId,
        ticketType: "subscription_request",
        subject: "Premium waiver request",
        description: "The user asked the team for Premium without paying for it (a waiver).",
        priority: "medium",
        status: "open",
        userContactInfo: {
          name: profile.fullName,
          email: profile.email,
          phone: profile.phone,
          request_type: "subscription_request",
          tier: profile.tier,
          trial_expires_at: profile.trialExpiresAt.toISOString(),
        },
      },
      select: { id: true },
    });
    return { status: "created", ticketId: ticket.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already_open" };
    throw error;
  }
}

/** Whether the user already has an upgrade request the team has not finished. */
export async function hasOpenSubscriptionRequest(db: Db, userId: string): Promise<boolean> {
  const open = await db.supportTicket.findFirst({
    where: { userId, ticketType: "subscription_request", status: { in: ["open", "in_progress"] } },
    select: { id: true },
  });
  return open !== null;
}
