import { holdExpiry, holdJournalExpiry, reservationExpiry } from "~/lib/market/market-rules";
import { isRetryableFailure, isUniqueViolation, runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { InsufficientFundsError } from "~/domain/ledger/errors.server";
import { createPendingJournal } from "~/domain/ledger/pending-journals.server";
import { announceMarketChange, lockOrder, releaseClaimedHold, UUID } from "./order-locks.server";
import { checkPurchase } from "./buy-rules.server";
import { DuplicateSubmitError, marketError, MarketError } from "./market-errors";
import { scopedKey } from "./sell-orders.server";

export type CreateHoldInput = { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string };

/**
 * Flag on: the buyer's total moves from available to held (a pending ledger journal) and
 * the shares are promised to this hold on the order, for 60 minutes, awaiting both
 * confirmations. Races are decided by the order's row lock, the order's held-shares CHECK
 * and the wallet's CHECK.
 */
export async function createBuyerHold(prisma: PrismaClient, input: CreateHoldInput, now = new Date()) {
  const key = scopedKey(input.buyerId, input.idempotencyKey);
  return withMarketErrors(() =>
    runTransaction(prisma, "market.create-buyer-hold", async (tx) => {
      await refuseRepeatedHold(tx, key, input);
      const order = await lockOrder(tx, input.orderId, now);
      const { shares, total } = await checkPurchase(tx, order, input.buyerId, input.shares);
      const locked = order!;
      const { journalId } = await createPendingJournal(tx, {
        kind: "buyer_hold",
        userId: input.buyerId,
        amount: total,
        expiresAt: holdJournalExpiry(now),
        description: `Hold for ${shares} ${shares === 1 ? "share" : "shares"} of ${locked.property_title}`,
        idempotencyKey: `hold:${key}`,
        createdBy: input.buyerId,
      });
      await tx.$executeRaw`
        UPDATE share_sell_requests SET held_shares = held_shares + ${shares}, updated_at = now() WHERE id = ${locked.id}::uuid`;
      const hold = await tx.shareBuyerHold.create({
        data: {
          orderId: locked.id,
          buyerId: input.buyerId,
          sellerId: locked.seller_id,
          shares,
          pricePerShare: locked.price_per_share,
          amount: total,
          holdExpiresAt: holdExpiry(now),
          journalId,
          idempotencyKey: key,
        },
        select: { id: true, holdExpiresAt: true },
      });
      await announceMarketChange(tx, {
        type: "hold",
        id: hold.id,
        propertyId: locked.property_id,
        userIds: [locked.seller_id, input.buyerId],
      });
      return { holdId: hold.id, orderId: locked.id, propertyId: locked.property_id, shares, amount: total, expiresAt: hold.holdExpiresAt };
    }),
  );
}

async function refuseRepeatedHold(tx: Tx, key: string, input: CreateHoldInput) {
  const seen = await tx.shareBuyerHold.findUnique({ where: { idempotencyKey: key }, select: { id: true, orderId: true, shares: true } });
  if (!seen) return;
  if (seen.orderId === input.orderId && String(seen.shares) === String(input.shares).trim()) {
    throw new DuplicateSubmitError({ kind: "hold", id: seen.id });
  }
  throw marketError("keyReused", 409);
}

type LockedHold = {
  id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  property_id: string;
  shares: number;
  amount: string;
  price_per_share: string;
  hold_status: string;
  buyer_confirmed: boolean;
  seller_confirmed: boolean;
  expired: boolean;
  journal_id: string | null;
};

/** Locks a hold after its order (the market's lock order). */
export async function lockHold(tx: Tx, holdId: string, now: Date): Promise<LockedHold | null> {
  if (!UUID.test(holdId)) return null;
  const [ref] = await tx.$queryRaw<
    { order_id: string }[]
  >`SELECT order_id::text AS order_id FROM share_buyer_holds WHERE id = ${holdId}::uuid`;
  if (!ref) return null;
  await lockOrder(tx, ref.order_id, now);
  const [hold] = await tx.$queryRaw<LockedHold[]>`
    SELECT h.id::text AS id, h.order_id::text AS order_id, h.buyer_id::text AS buyer_id, h.seller_id::text AS seller_id,
           o.property_id, h.shares, h.amount::text AS amount, h.price_per_share::text AS price_per_share,
           h.hold_status::text AS hold_status, h.buyer_confirmed, h.seller_confirmed,
           h.hold_expires_at <= ${now} AS expired, h.journal_id::text AS journal_id
      FROM share_buyer_holds h JOIN share_sell_requests o ON o.id = h.order_id
     WHERE h.id = ${holdId}::uuid FOR UPDATE OF h`;
  return hold ?? null;
}

/**
 * A side confirms a pending hold before it expires; the first of each side's confirmations
 * counts and a second is refused. When both have confirmed, the hold becomes a reservation
 * awaiting an admin's settlement for 72 hours (ADR 0010).
 */
export async function confirmHold(
  prisma: PrismaClient,
  input: { userId: string; holdId: string; side: "buyer" | "seller" },
  now = new Date(),
) {
  return withMarketErrors(() =>
    runTransaction(prisma, `market.${input.side}-confirm-hold`, async (tx) => {
      const hold = await lockHold(tx, input.holdId, now);
      const owner = input.side === "buyer" ? hold?.buyer_id : hold?.seller_id;
      if (!hold || owner !== input.userId) throw marketError("holdNotFound", 404);
      if (hold.hold_status !== "pending") throw marketError("holdClosed", 409);
      if (hold.expired) throw marketError("holdExpired", 409);
      const already = input.side === "buyer" ? hold.buyer_confirmed : hold.seller_confirmed;
      if (already) throw marketError("alreadyConfirmed", 409);
      if (input.side === "seller" && !hold.buyer_confirmed) throw marketError("buyerNotConfirmed", 409);
      const bothConfirmed = input.side === "buyer" ? hold.seller_confirmed : hold.buyer_confirmed;
      await tx.shareBuyerHold.update({
        where: { id: hold.id },
        data: {
          ...(input.side === "buyer" ? { buyerConfirmed: true } : { sellerConfirmed: true }),
          ...(bothConfirmed ? { holdStatus: "reserved" } : {}),
        },
      });
      let reservationId: string | null = null;
      if (bothConfirmed) {
        const reservation = await tx.shareReservation.create({
          data: {
            orderId: hold.order_id,
            holdId: hold.id,
            buyerId: hold.buyer_id,
            sellerId: hold.seller_id,
            propertyId: hold.property_id,
            shares: hold.shares,
            pricePerShare: hold.price_per_share,
            amount: hold.amount,
            expiresAt: reservationExpiry(now),
          },
          select: { id: true },
        });
        reservationId = reservation.id;
      }
      await announceMarketChange(tx, {
        type: `${input.side}-confirmed`,
        id: hold.id,
        propertyId: hold.property_id,
        userIds: [hold.buyer_id, hold.seller_id],
      });
      return { holdId: hold.id, propertyId: hold.property_id, reservationId };
    }),
  );
}

/**
 * Either side withdraws from a hold before settlement (pending, or reserved and awaiting an
 * admin): the held funds return to the buyer and the shares to the order.
 */
export async function cancelHold(prisma: PrismaClient, input: { userId: string; holdId: string }, now = new Date()) {
  return withMarketErrors(() =>
    runTransaction(prisma, "market.cancel-hold", async (tx) => {
      const hold = await lockHold(tx, input.holdId, now);
      if (!hold || (hold.buyer_id !== input.userId && hold.seller_id !== input.userId)) throw marketError("holdNotFound", 404);
      const claimed = await tx.$executeRaw`
        UPDATE share_buyer_holds SET hold_status = 'cancelled', updated_at = now()
         WHERE id = ${hold.id}::uuid AND hold_status IN ('pending', 'reserved')`;
      if (claimed !== 1) throw marketError("holdClosed", 409);
      await tx.$executeRaw`
        UPDATE share_reservations SET status = 'released', updated_at = now() WHERE hold_id = ${hold.id}::uuid AND status = 'active'`;
      const by = hold.buyer_id === input.userId ? "buyer" : "seller";
      await releaseClaimedHold(tx, hold, `Hold cancelled by the ${by}`, input.userId);
      await announceMarketChange(tx, {
        type: "hold-cancelled",
        id: hold.id,
        propertyId: hold.property_id,
        userIds: [hold.buyer_id, hold.seller_id],
      });
      return { holdId: hold.id, propertyId: hold.property_id };
    }),
  );
}

/** Market commands answer with MarketErrors only: raw ledger and database failures are translated. */
export async function withMarketErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MarketError) throw error;
    // The wallet's CHECK refused a race the balance read could not see.
    if (error instanceof InsufficientFundsError)
      throw new MarketError("insufficient_funds", "Insufficient wallet balance. Please add funds to your wallet.", 422);
    if (isUniqueViolation(error)) throw marketError("duplicate", 409);
    if (isRetryableFailure(error)) throw marketError("concurrent", 409);
    throw error;
  }
}
