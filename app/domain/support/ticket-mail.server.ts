import type { Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";

export type TicketMail = { to: string; name: string | null; status: string; note: string; response: string; ticketId: string };

/** Tells the investor their request changed, queued in the change's transaction; a queue failure is logged only. */
export async function mailInvestorAboutTicket(mail: TicketMail, tx: Tx): Promise<void> {
  try {
    await enqueueMail(
      {
        to: mail.to,
        subject: `Your Aangan request: ${mail.status.replace("_", " ")}`,
        text: [
          `Hello ${mail.name ?? ""}`.trim() + ",",
          "",
          mail.note,
          mail.response ? `\nOur team wrote: ${mail.response}` : "",
          "",
          "Aangan",
        ]
          .join("\n")
          .replace(/\n{3,}/g, "\n\n"),
      },
      tx,
    );
  } catch (error) {
    logger.warn({ err: error, ticketId: mail.ticketId }, "could not queue the ticket update mail");
  }
}
