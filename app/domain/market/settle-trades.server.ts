import { Decimal } from "~/lib/money";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { userAvailable } from "~/domain/ledger/accounts.server";
import { createPendingJournal, postPendingJournal } from "~/domain/ledger/pending-journals.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { announceMarketChange, lockOrder, releaseClaimedHold, UUID } from "./order-locks.server";
import { checkPurchase } from "./buy-rules.server";
import { lockHold, withMarketErrors } from "./buyer-holds.server";
import { transferShares } from "./transfer-shares.server";
import { DuplicateSubmitError, marketError } from "./market-errors";

export const SETTLED_TEXT = { title: "Reservation Settled", description: "Positions updated." } as const;
export const RELEASED_TEXT = { title: "Reservation Cancelled", description: "Reservation cancelled and released." } as const;

const sharesText = (n: number) => `${n} ${n === 1 ? "share" : "shares"}`;

/**
 * Flag off: buys from a listing at once, in one transaction. The buyer's total is held and
 * posted to the seller in the same transaction (a pending journal resolved at once, so the
 * ledger's one-resolution rule covers this path too), shares move, the order falls or
 * completes. There is no partial success: either all of it commits or none.
 */
export async function instantBuyShares(
  prisma: PrismaClient,
  input: { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string },
  now = new Date(),
) {
  return withMarketErrors(() =>
    runTransaction(prisma, "market.instant-buy", async (tx) => {
      const seen = await tx.transaction.findUnique({
        where: { userId_idempotencyKey: { userId: input.buyerId, idempotencyKey: input.idempotencyKey } },
        select: { id: true, referenceId: true, shares: true },
      });
      if (seen) {
        if (seen.referenceId === input.orderId && String(seen.shares) === String(input.shares).trim()) {
          throw new DuplicateSubmitError({ kind: "trade", id: seen.id });
        }
        throw marketError("keyReused", 409);
      }
      const order = await lockOrder(tx, input.orderId, now);
      const { shares, total } = await checkPurchase(tx, order, input.buyerId, input.shares);
      const locked = order!;
      const description = `${sharesText(shares)} of ${locked.property_title}`;
      const pending = await createPendingJournal(tx, {
        kind: "buyer_hold",
        userId: input.buyerId,
        amount: total,
        expiresAt: new Date(now.getTime() + 10 * 60_000),
        description: `Purchase of ${description}`,
        createdBy: input.buyerId,
      });
      const posted = await postPendingJournal(tx, {
        pendingJournalId: pending.journalId,
        destinations: [{ account: userAvailable(locked.seller_id), amount: total }],
        description: `Sale of ${description}`,
        createdBy: input.buyerId,
      });
      const { buyerTransactionId } = await transferShares(
        tx,
        {
          orderId: locked.id,
          propertyId: locked.property_id,
          propertyTitle: locked.property_title,
          sellerId: locked.seller_id,
          buyerId: input.buyerId,
          shares,
          pricePerShare: locked.price_per_share,
          amount: total,
          journalId: posted.journalId,
          buyerIdempotencyKey: input.idempotencyKey,
          alert: {
            title: "Purchase Complete!",
            buyerMessage: `Successfully purchased ${shares} shares. Shares added to your portfolio.`,
            sellerMessage: `You sold ${description} for ${new Decimal(total).toFixed(2)} rupees.`,
          },
        },
        false,
      );
      await announceMarketChange(tx, {
        type: "trade",
        id: locked.id,
        propertyId: locked.property_id,
        userIds: [locked.seller_id, input.buyerId],
      });
      return { transactionId: buyerTransactionId, orderId: locked.id, propertyId: locked.property_id, shares, amount: total };
    }),
  );
}

type LockedReservation = { id: string; hold_id: string; status: string; expired: boolean };

async function lockReservation(tx: Tx, reservationId: string, now: Date) {
  if (!UUID.test(reservationId)) return null;
  const [ref] = await tx.$queryRaw<
    { hold_id: string }[]
  >`SELECT hold_id::text AS hold_id FROM share_reservations WHERE id = ${reservationId}::uuid`;
  if (!ref) return null;
  const hold = await lockHold(tx, ref.hold_id, now);
  const [reservation] = await tx.$queryRaw<LockedReservation[]>`
    SELECT id::text AS id, hold_id::text AS hold_id, status::text AS status, expires_at <= ${now} AS expired
      FROM share_reservations WHERE id = ${reservationId}::uuid FOR UPDATE`;
  return reservation && hold ? { reservation, hold } : null;
}

/**
 * The admin settles a reservation both sides confirmed: the hold's pending journal is posted
 * (the buyer's held funds to the seller), exactly once, and the shares move. A second
 * settlement, or one after the reservation expired, is refused.
 */
export async function settleReservation(
  prisma: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  now = new Date(),
) {
  const notes = (input.notes ?? "").trim().slice(0, 1000) || null;
  return withMarketErrors(() =>
    runTransaction(prisma, "market.settle-reservation", async (tx) => {
      const locked = await lockReservation(tx, input.reservationId, now);
      if (!locked) throw marketError("reservationNotFound", 404);
      const { reservation, hold } = locked;
      if (reservation.status !== "active" || hold.hold_status !== "reserved") throw marketError("reservationClosed", 409);
      if (reservation.expired) throw marketError("reservationExpired", 409);
      const order = await lockOrder(tx, hold.order_id, now);
      const title = order?.property_title ?? "";
      const description = `${sharesText(hold.shares)} of ${title}`;
      const posted = await postPendingJournal(tx, {
        pendingJournalId: hold.journal_id!,
        destinations: [{ account: userAvailable(hold.seller_id), amount: hold.amount }],
        description: `Settlement of ${description}`,
        createdBy: input.adminId,
      });
      await tx.$executeRaw`UPDATE share_buyer_holds SET hold_status = 'settled', updated_at = now() WHERE id = ${hold.id}::uuid`;
      await tx.$executeRaw`
        UPDATE share_reservations SET status = 'settled', settled_at = now(), settled_by = ${input.adminId}::uuid,
               settlement_notes = ${notes}, updated_at = now()
         WHERE id = ${reservation.id}::uuid`;
      await transferShares(
        tx,
        {
          orderId: hold.order_id,
          propertyId: hold.property_id,
          propertyTitle: title,
          sellerId: hold.seller_id,
          buyerId: hold.buyer_id,
          shares: hold.shares,
          pricePerShare: hold.price_per_share,
          amount: hold.amount,
          journalId: posted.journalId,
          alert: {
            title: SETTLED_TEXT.title,
            buyerMessage: `${description} are now yours. ${SETTLED_TEXT.description}`,
            sellerMessage: `Your sale of ${description} was settled and the proceeds added to your wallet. ${SETTLED_TEXT.description}`,
          },
        },
        true,
      );
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "reservation.settle",
        targetType: "share_reservation",
        targetId: reservation.id,
        before: { status: "active" },
        after: { status: "settled", shares: hold.shares, amount: hold.amount },
        note: notes ?? undefined,
      });
      await announceMarketChange(tx, {
        type: "reservation-settled",
        id: reservation.id,
        propertyId: hold.property_id,
        userIds: [hold.buyer_id, hold.seller_id],
      });
      return {
        reservationId: reservation.id,
        buyerId: hold.buyer_id,
        sellerId: hold.seller_id,
        propertyTitle: title,
        shares: hold.shares,
        amount: hold.amount,
      };
    }),
  );
}

/** The admin cancels a reservation: the hold's journal is voided and the shares return to the order. */
export async function cancelReservation(
  prisma: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  now = new Date(),
) {
  const notes = (input.notes ?? "").trim().slice(0, 1000) || null;
  return withMarketErrors(() =>
    runTransaction(prisma, "market.cancel-reservation", async (tx) => {
      const locked = await lockReservation(tx, input.reservationId, now);
      if (!locked) throw marketError("reservationNotFound", 404);
      const { reservation, hold } = locked;
      const claimed = await tx.$executeRaw`
        UPDATE share_reservations SET status = 'released', settlement_notes = ${notes}, settled_by = ${input.adminId}::uuid, updated_at = now()
         WHERE id = ${reservation.id}::uuid AND status = 'active'`;
      if (claimed !== 1) throw marketError("reservationClosed", 409);
      await tx.$executeRaw`UPDATE share_buyer_holds SET hold_status = 'cancelled', updated_at = now() WHERE id = ${hold.id}::uuid`;
      await releaseClaimedHold(tx, hold, "Reservation cancelled by an admin", input.adminId);
      for (const userId of [hold.buyer_id, hold.seller_id]) {
        await tx.userAlert.create({
          data: {
            userId,
            propertyId: hold.property_id,
            alertType: "reservation_released",
            title: RELEASED_TEXT.title,
            message: RELEASED_TEXT.description,
          },
        });
      }
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "reservation.cancel",
        targetType: "share_reservation",
        targetId: reservation.id,
        before: { status: "active" },
        after: { status: "released" },
        note: notes ?? undefined,
      });
      await announceMarketChange(tx, {
        type: "reservation-released",
        id: reservation.id,
        propertyId: hold.property_id,
        userIds: [hold.buyer_id, hold.seller_id],
      });
      return { reservationId: reservation.id, buyerId: hold.buyer_id, sellerId: hold.seller_id };
    }),
  );
}
