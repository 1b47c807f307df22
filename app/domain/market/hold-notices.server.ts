import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { getEnv } from "~/services/env.server";
import type { MailMessage } from "~/services/mail/transport.server";
import { formatShares } from "~/lib/formats";

export type HoldNotice = {
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

/** A mail to a seller about their listing: the greeting, the notice and the way to Sell Requests. */
export function sellerMailText(name: string | null, message: string): string {
  const greeting = `Hello ${name ?? ""}`.trim() + ",";
  return [greeting, "", message, "", `Sell Requests: ${getEnv().APP_ORIGIN ?? ""}${paths.dashboard.sellRequests()}`, "", "Aangan"].join(
    "\n",
  );
}

/**
 * What the seller is told of a buyer's hold on their listing, with the confirm deadline: the
 * alert on their bell and the e-mail. `market_create_hold` writes both in the hold's own
 * statement (ADR 0060), so a hold never exists without its notice, nor a notice without it.
 */
export function holdPlacedNotices(notice: HoldNotice, seller: { email: string | null; name: string | null }) {
  const message = holdPlacedMessage(notice);
  const mails: MailMessage[] = seller.email
    ? [
        {
          to: [seller.email],
          subject: `${HOLD_PLACED_TITLE}: ${notice.propertyTitle} - confirm by ${confirmDeadlineText(notice.expiresAt)}`,
          text: sellerMailText(seller.name, message),
        },
      ]
    : [];
  return { alertTitle: HOLD_PLACED_TITLE, sellerMessage: message, mails };
}
