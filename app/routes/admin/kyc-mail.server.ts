import type { KycDecisionMail } from "~/domain/kyc/review-kyc.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

/**
 * Queues the investor's e-mail about a KYC decision, after the decision committed. A failure
 * to queue is logged: the decision stands and the investor also has the alert.
 */
export async function mailKycDecision(mail: KycDecisionMail, userId: string): Promise<void> {
  try {
    await enqueueMail(mail);
  } catch (error) {
    logger.warn({ err: error, userId }, "could not queue the KYC decision mail");
  }
}
