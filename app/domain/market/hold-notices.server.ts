import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import type { Db } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { formatShares } from "~/lib/formats";

export type HoldNotice = {
  holdId: string;
  sellerId: string;
  propertyId: string;
  propertyTitle: string;
  shares: number;
  amount: string;
  expiresAt: Date;
};

export const HOLD_PLACED_TITLE = "Buyer Hold Placed";

const istDeadline = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
});

/** The confirm deadline as the seller reads it: the hold's expiry, in IST. */
export const confirmDeadlineText = (expiresAt: Date | string) => `${istDeadline.format(new Date(expiresAt))} IST`;

export function holdPlacedMessage(notice: HoldNotice): string {
  return (
    `A buyer placed a hold on ${formatShares(notice.shares)} of ${notice.propertyTitle} for ${formatINR(notice.amount, { paise: true })}. ` +
    `Confirm it on your Sell Requests page by ${confirmDeadlineText(notice.expiresAt)} (once the buyer has confirmed), ` +
    "or the hold lapses and the shares return to your listing."
  );
}

/**
 * Tells the seller that a buyer placed a hold on their listing: an alert on their bell (which
 * also reaches open pages live) and an e-mail, both with the confirm deadline. Called right
 * after the hold committed; the mail is queued and a queue failure is logged only.
 */
export async function tellSellerOfHold(db: Db, notice: HoldNotice): Promise<void> {
  const message = holdPlacedMessage(notice);
  await createUserAlert(db, {
    userId: notice.sellerId,
    propertyId: notice.propertyId,
    alertType: "hold_placed",
    title: HOLD_PLACED_TITLE,
    message,
  });
  const seller = await db.userProfile.findUnique({ where: { id: notice.sellerId }, select: { email: true, fullName: true } });
  if (!seller) return;
  try {
    await enqueueMail({
      to: seller.email,
      subject: `${HOLD_PLACED_TITLE}: ${notice.propertyTitle} - confirm by ${confirmDeadlineText(notice.expiresAt)}`,
      text: [
        `Hello ${seller.fullName ?? ""}`.trim() + ",",
        "",
        message,
        "",
        `Sell Requests: ${getEnv().APP_ORIGIN ?? ""}${paths.dashboard.sellRequests()}`,
        "",
        "Aangan",
      ].join("\n"),
    });
  } catch (error) {
    logger.warn({ err: error, holdId: notice.holdId }, "could not queue the hold mail to the seller");
  }
}
