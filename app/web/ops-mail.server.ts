import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { getRequestUser } from "~/web/session.server";

/** Who hears about requests the team must act on: OPS_EMAIL, else the ADMIN_EMAILS. */
/** Who hears about requests the team must act on: OPS_EMAIL, else the admins. */
export function opsRecipients(): string[] {
  const env = getEnv();
  return env.OPS_EMAIL && env.OPS_EMAIL.length > 0 ? env.OPS_EMAIL : env.ADMIN_EMAILS;
}

/**
 * Tells operations a user asked for a subscription upgrade. Called after the request is
 * recorded; the mail goes out from a job, and a failure to queue it is logged rather than
 * shown to the user, whose request is already saved (and listed on /admin/support).
 */
export async function mailOpsAboutSubscriptionRequest(request: Request, ticketId: string): Promise<void> {
  const to = opsRecipients();
  const user = await getRequestUser(request);
  if (!user) return;
  if (to.length === 0) {
    logger.info({ ticketId }, "no OPS_EMAIL or ADMIN_EMAILS: subscription request not mailed");
    return;
  }
  const who = user.fullName ? `${user.fullName} <${user.email}>` : user.email;
  try {
    await enqueueMail({
      to,
      subject: `Subscription request from ${user.fullName ?? user.email}`,
      text: [
        `${who} asked to upgrade to a premium subscription.`,
        `Current tier: ${user.tier}`,
        `Support ticket: ${ticketId}`,
        "",
        `Review it at ${getEnv().APP_ORIGIN}/admin/support`,
      ].join("\n"),
    });
  } catch (error) {
    logger.warn({ err: error, ticketId }, "could not queue the subscription request mail");
  }
}
