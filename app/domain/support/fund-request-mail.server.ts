import { formatINR } from "~/lib/money";
import type { Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

/** The spec's follow-up hook payload (000 section 7, "Support request"), plus the transfer reference. */
export type FundRequestPayload = {
  ticket_id: string;
  type: "fund_deposit" | "fund_withdrawal";
  user_info: { id: string; name: string | null; email: string; phone: string | null };
  amount: string;
  currency: "INR";
  priority: string;
  description: string;
  current_balance: string;
  created_at: string;
  reference_code: string | null;
};

/**
 * Tells operations about a fund request, queued in the request's own transaction (so the
 * mail exists exactly when the request does). The mail carries
 * the hook payload as JSON so a script can act on it; a failure to queue is logged, never
 * shown to the investor, whose request is already recorded and listed on /admin/support.
 */
export async function mailOpsAboutFundRequest(tx: Tx, recipients: string[], payload: FundRequestPayload): Promise<void> {
  if (recipients.length === 0) {
    logger.info({ ticketId: payload.ticket_id }, "no OPS_EMAIL or ADMIN_EMAILS: fund request not mailed");
    return;
  }
  const what = payload.type === "fund_deposit" ? "Add funds" : "Withdrawal";
  const who = payload.user_info.name ? `${payload.user_info.name} <${payload.user_info.email}>` : payload.user_info.email;
  try {
    await enqueueMail(
      {
        to: recipients,
        subject: `${what} request ${formatINR(payload.amount, { paise: true })} from ${payload.user_info.name ?? payload.user_info.email} (${payload.priority})`,
        text: [
          `${who} raised a ${what.toLowerCase()} request of ${formatINR(payload.amount, { paise: true })}.`,
          payload.reference_code ? `Transfer reference: ${payload.reference_code}` : "",
          `Current balance: ${formatINR(payload.current_balance, { paise: true })}`,
          `Priority: ${payload.priority}`,
          payload.description ? `Description: ${payload.description}` : "",
          "",
          "Payload:",
          JSON.stringify(payload, null, 2),
        ]
          .filter((line, index, all) => line !== "" || all[index - 1] !== "")
          .join("\n"),
      },
      tx,
    );
  } catch (error) {
    logger.warn({ err: error, ticketId: payload.ticket_id }, "could not queue the fund request mail");
  }
}
