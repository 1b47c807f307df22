import { isUniqueViolation, runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

export type SubscriptionRequestOutcome =
  { status: "created"; ticketId: string } | { status: "already_open" } | { status: "already_subscribed" };

/** Who on the team hears of a request (none: not mailed) and where they review it. */
export type SubscriptionRequestNotice = { opsRecipients: string[]; reviewUrl: string };
const NOBODY_TOLD: SubscriptionRequestNotice = { opsRecipients: [], reviewUrl: "" };

/**
 * Records that a user asked the team for Premium without paying (a waiver, ADR 0063): a support
 * ticket of type subscription_request that an admin completes by granting the waiver. One open request per user; the
 * database's partial unique index decides, so two quick clicks cannot make two. The team's mail
 * is queued in the ticket's own transaction, so it exists exactly when the request does.
 */
export async function requestSubscription(
  db: PrismaClient,
  userId: string,
  notice: SubscriptionRequestNotice = NOBODY_TOLD,
): Promise<SubscriptionRequestOutcome> {
  try {
    return await runTransaction(db, "subscriptions.request", (tx) => requestSubscriptionIn(tx, userId, notice));
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already_open" };
    throw error;
  }
}

/** requestSubscription inside the caller's transaction (the demo seed's); a second open request fails the transaction. */
export async function requestSubscriptionIn(
  tx: Tx,
  userId: string,
  notice: SubscriptionRequestNotice = NOBODY_TOLD,
): Promise<SubscriptionRequestOutcome> {
  const profile = await tx.userProfile.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, fullName: true, phone: true, tier: true, subscriptionActive: true, trialExpiresAt: true },
  });
  if (profile.subscriptionActive) return { status: "already_subscribed" };
  const ticket = await tx.supportTicket.create({
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
  await mailTheTeam(tx, notice, { ...profile, ticketId: ticket.id });
  return { status: "created", ticketId: ticket.id };
}

/** The team's mail about a new request; a failure to queue it is logged, never shown: the request is saved and listed on /admin/support. */
async function mailTheTeam(
  tx: Tx,
  notice: SubscriptionRequestNotice,
  request: { email: string; fullName: string | null; tier: string; ticketId: string },
): Promise<void> {
  if (notice.opsRecipients.length === 0) {
    logger.info({ ticketId: request.ticketId }, "no OPS_EMAIL or ADMIN_EMAILS: subscription request not mailed");
    return;
  }
  const who = request.fullName ? `${request.fullName} <${request.email}>` : request.email;
  try {
    await enqueueMail(
      {
        to: notice.opsRecipients,
        subject: `Subscription request from ${request.fullName ?? request.email}`,
        text: [
          `${who} asked to upgrade to a premium subscription.`,
          `Current tier: ${request.tier}`,
          `Support ticket: ${request.ticketId}`,
          "",
          `Review it at ${notice.reviewUrl}`,
        ].join("\n"),
      },
      tx,
    );
  } catch (error) {
    logger.warn({ err: error, ticketId: request.ticketId }, "could not queue the subscription request mail");
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
