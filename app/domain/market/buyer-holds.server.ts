import { holdExpiry, holdJournalExpiry, reservationExpiry } from "~/lib/market/market-rules";
import {
  isRetryableFailure,
  isUniqueViolation,
  preparedQuery,
  runTransaction,
  type PreparedStatement,
  type PrismaClient,
  type Tx,
} from "~/services/db.server";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { InsufficientFundsError } from "~/domain/ledger/errors.server";
import { announceMarketChange, lockOrder, releaseClaimedHold, UUID } from "./order-locks.server";
import { checkBuy, readBuyFacts, runMarketCall, sharesText, type RefusalContext } from "./market-calls.server";
import { marketError, MarketError } from "./market-errors";
import { scopedKey } from "./sell-requests.server";

export type CreateHoldInput = { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string };

const CREATE_HOLD: PreparedStatement = {
  name: "market_create_hold",
  text: `SELECT hold_id::text AS hold_id, property_id, hold_expires_at
           FROM market_create_hold($1::uuid, $2::uuid, $3::int, $4, $5, $6::timestamptz, $7::numeric, $8::timestamptz,
                                   $9::timestamptz, $10, $11)`,
};

const CONFIRM_HOLD: PreparedStatement = {
  name: "market_confirm_hold",
  text: `SELECT property_id, reservation_id::text AS reservation_id
           FROM market_confirm_hold($1::uuid, $2::uuid, $3, $4::timestamptz, $5::timestamptz, $6)`,
};

/**
 * Flag on: the buyer's total moves from available to held (a pending ledger journal) and
 * the shares are promised to this hold on the order, for 60 minutes, awaiting both
 * confirmations. Two round trips (docs/decisions/0043): one read of what the rules need,
 * then one call of `market_create_hold`, which locks the order, checks everything again
 * and writes the journal, the order's held shares and the hold. Races are decided by the
 * order's row lock, the order's held-shares CHECK and the wallet's CHECK.
 */
export async function createBuyerHold(prisma: PrismaClient, input: CreateHoldInput, now = new Date()) {
  const key = scopedKey(input.buyerId, input.idempotencyKey);
  const refusal: RefusalContext = { repeatedKind: "hold" };
  return runMarketCall(
    "market.create-buyer-hold",
    async () => {
      const facts = await readBuyFacts(prisma, input, { kind: "hold", key }, now);
      const { shares, total, title } = checkBuy(facts, input, "hold");
      refusal.total = total;
      const [row] = await preparedQuery<{ hold_id: string; property_id: string; hold_expires_at: Date }>(prisma, CREATE_HOLD, [
        input.buyerId,
        input.orderId,
        shares,
        String(input.shares).trim(),
        key,
        now,
        total,
        holdExpiry(now),
        holdJournalExpiry(now),
        `Hold for ${sharesText(shares)} of ${title}`,
        PHYSICAL_CHANNEL,
      ]);
      return {
        holdId: row!.hold_id,
        orderId: input.orderId,
        propertyId: row!.property_id,
        sellerId: facts.seller_id!,
        propertyTitle: title,
        shares,
        amount: total,
        expiresAt: row!.hold_expires_at,
      };
    },
    refusal,
  );
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
 * awaiting an admin's settlement for 72 hours (ADR 0010). One round trip: the function
 * `market_confirm_hold` locks the order and the hold, checks and writes.
 */
export async function confirmHold(
  prisma: PrismaClient,
  input: { userId: string; holdId: string; side: "buyer" | "seller" },
  now = new Date(),
) {
  if (!UUID.test(input.holdId)) throw marketError("holdNotFound", 404);
  return runMarketCall(`market.${input.side}-confirm-hold`, async () => {
    const [row] = await preparedQuery<{ property_id: string; reservation_id: string | null }>(prisma, CONFIRM_HOLD, [
      input.userId,
      input.holdId,
      input.side,
      now,
      reservationExpiry(now),
      PHYSICAL_CHANNEL,
    ]);
    return { holdId: input.holdId, propertyId: row!.property_id, reservationId: row!.reservation_id };
  });
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
