import { runTransaction, type PrismaClient } from "~/services/db.server";
import { createGeneralTicket } from "~/domain/support/create-general-ticket.server";
import { MarketError } from "./market-errors";
import { formatShares } from "~/lib/formats";

export const resaleRequestSubject = (title: string) => `Enable share selling: ${title}`;

/**
 * A holder asks the admins to enable share selling for a property where it is off: a
 * support ticket the admins see in their queue. Refused when selling is already on, when
 * the user holds no shares, or while an earlier request of theirs for it is still open
 * (nothing new would be written, so nothing is reported as done).
 */
export async function requestResale(prisma: PrismaClient, input: { userId: string; propertyId: string }): Promise<{ ticketId: string }> {
  return runTransaction(prisma, "market.request-resale", async (tx) => {
    // One open request per holder and property: the position's row lock keeps two submits from both passing.
    await tx.$queryRaw`SELECT 1 FROM user_property_positions WHERE user_id = ${input.userId}::uuid AND property_id = ${input.propertyId} FOR UPDATE`;
    const position = await tx.userPropertyPosition.findUnique({
      where: { userId_propertyId: { userId: input.userId, propertyId: input.propertyId } },
      select: { shares: true, property: { select: { title: true, sharesSellable: true, propertyStatus: true } } },
    });
    if (!position || position.shares <= 0) throw new MarketError("not_a_holder", "You hold no shares of this property.", 404);
    const { title, sharesSellable, propertyStatus } = position.property;
    if (sharesSellable) throw new MarketError("selling_on", "Share selling is already enabled for this property.", 409);
    const subject = resaleRequestSubject(title);
    const open = await tx.supportTicket.findFirst({
      where: { userId: input.userId, subject, status: { in: ["open", "in_progress"] } },
      select: { id: true },
    });
    if (open) throw new MarketError("already_requested", "You have already asked for selling on this property; the request is open.", 409);
    const ticket = await createGeneralTicket(tx, input.userId, {
      subject,
      description: `I hold ${formatShares(position.shares)} of ${title} (status: ${propertyStatus}) and would like to sell them. Please enable share selling for this property.`,
    });
    return { ticketId: ticket.id };
  });
}
