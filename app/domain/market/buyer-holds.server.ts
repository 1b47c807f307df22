import { holdExpiry, holdJournalExpiry, reservationExpiry } from "~/lib/market/market-rules";
import { moneyFunction, runMoneyCall, runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { announceCommittedMarketChange, announceMarketChange, lockOrder, releaseClaimedHold } from "./order-locks.server";
import { checkBuy, marketErrors, readBuyFacts, type RefusalContext } from "./market-calls.server";
import { marketError } from "./market-errors";
import { scopedKey } from "./sell-requests.server";
import { isUuid } from "~/lib/uuid";
import { formatShares } from "~/lib/formats";
import { holdPlacedNotices } from "./hold-notices.server";
import { lockBookOfSellOrder, rematchReleasedShares } from "./matching.server";

export type CreateHoldInput = { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string };

const CREATE_HOLD = moneyFunction("market_create_hold", {
  p_buyer: "uuid",
  p_order: "uuid",
  p_shares: "int",
  p_shares_text: "text",
  p_key: "text",
  p_now: "timestamptz",
  p_amount: "numeric",
  p_hold_expires_at: "timestamptz",
  p_journal_expires_at: "timestamptz",
  p_description: "text",
  p_alert_title: "text",
  p_seller_message: "text",
  p_mails: "jsonb",
}).returns<{ hold_id: string; property_id: string; hold_expires_at: Date; seller_alert_id: string | null }>(
  "hold_id::text AS hold_id, property_id, hold_expires_at, seller_alert_id::text AS seller_alert_id",
);

const CONFIRM_HOLD = moneyFunction("market_confirm_hold", {
  p_user: "uuid",
  p_hold: "uuid",
  p_side: "text",
  p_now: "timestamptz",
  p_reservation_expires_at: "timestamptz",
}).returns<{ property_id: string; reservation_id: string | null; buyer_id: string; seller_id: string }>(
  "property_id, reservation_id::text AS reservation_id, buyer_id::text AS buyer_id, seller_id::text AS seller_id",
);

/**
 * Flag on: the buyer's total moves from available to held (a pending ledger journal) and
 * the shares are promised to this hold on the order, for 60 minutes, awaiting both
 * confirmations. Two round trips (docs/decisions/0043): one read of what the rules need,
 * then one call of `market_create_hold`, which locks the order, checks everything again
 * and writes the journal, the order's held shares, the hold and the seller's alert and mail
 * (the mail to the outbox, ADR 0060: the caller drains it once this commits). Races are
 * decided by the order's row lock, the order's held-shares CHECK and the wallet's CHECK.
 * Its live events go out once it has committed (ADR 0115).
 */
export async function createBuyerHold(prisma: PrismaClient, input: CreateHoldInput, now = new Date()) {
  const { sellerAlertId, ...hold } = await holdThrough(prisma, input, now);
  announceCommittedMarketChange(
    prisma,
    { type: "hold", id: hold.holdId, propertyId: hold.propertyId, userIds: [hold.sellerId, input.buyerId] },
    { userId: hold.sellerId, alertId: sellerAlertId },
  );
  return hold;
}

/**
 * createBuyerHold inside a transaction the caller holds (the demo seed only): the same read,
 * rules and `market_create_hold`, once; the seller gets the alert and mail as any seller does,
 * and nothing is announced (the caller's commit is the moment others may hear of it).
 */
export async function createBuyerHoldIn(tx: Tx, input: CreateHoldInput, now: Date) {
  // preparedQuery sends a client it did not create (a transaction's) through Prisma.
  const { sellerAlertId: _alert, ...hold } = await holdThrough(tx as unknown as PrismaClient, input, now, { attempts: 1 });
  return hold;
}

async function holdThrough(prisma: PrismaClient, input: CreateHoldInput, now: Date, options: { attempts?: number } = {}) {
  const key = scopedKey(input.buyerId, input.idempotencyKey);
  const refusal: RefusalContext = { repeatedKind: "hold" };
  return runMoneyCall(
    prisma,
    "market.create-buyer-hold",
    marketErrors(refusal),
    async (call) => {
      const facts = await readBuyFacts(prisma, input, { kind: "hold", key }, now);
      const { shares, total, title } = checkBuy(facts, input, "hold");
      refusal.total = total;
      const expiresAt = holdExpiry(now);
      const notices = holdPlacedNotices(
        { propertyTitle: title, shares, amount: total, expiresAt },
        { email: facts.seller_email, name: facts.seller_name },
      );
      const [row] = await call(CREATE_HOLD, {
        p_buyer: input.buyerId,
        p_order: input.orderId,
        p_shares: shares,
        p_shares_text: String(input.shares).trim(),
        p_key: key,
        p_now: now,
        p_amount: total,
        p_hold_expires_at: expiresAt,
        p_journal_expires_at: holdJournalExpiry(now),
        p_description: `Hold for ${formatShares(shares)} of ${title}`,
        p_alert_title: notices.alertTitle,
        p_seller_message: notices.sellerMessage,
        p_mails: JSON.stringify(notices.mails),
      });
      return {
        holdId: row!.hold_id,
        orderId: input.orderId,
        propertyId: row!.property_id,
        sellerId: facts.seller_id!,
        propertyTitle: title,
        shares,
        amount: total,
        expiresAt: row!.hold_expires_at,
        sellerAlertId: row!.seller_alert_id,
      };
    },
    options,
  );
}

/** The book of a hold's property, locked before the hold's order (ADR 0074: the book comes first). */
export async function lockBookOfHold(tx: Tx, holdId: string) {
  if (!isUuid(holdId)) return null;
  const [ref] = await tx.$queryRaw<
    { order_id: string }[]
  >`SELECT order_id::text AS order_id FROM share_buyer_holds WHERE id = ${holdId}::uuid`;
  return ref ? lockBookOfSellOrder(tx, ref.order_id) : null;
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

/** Locks a hold after its order (the market's lock order); the caller locks the book first if it may match. */
export async function lockHold(tx: Tx, holdId: string, now: Date): Promise<LockedHold | null> {
  if (!isUuid(holdId)) return null;
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
 * `market_confirm_hold` locks the hold (only the hold: ADR 0099), checks and writes; both
 * sides hear of it once it has committed (ADR 0115).
 */
export async function confirmHold(
  prisma: PrismaClient,
  input: { userId: string; holdId: string; side: "buyer" | "seller" },
  now = new Date(),
) {
  if (!isUuid(input.holdId)) throw marketError("holdNotFound", 404);
  const row = await runMoneyCall(prisma, `market.${input.side}-confirm-hold`, marketErrors(), async (call) => {
    const [confirmed] = await call(CONFIRM_HOLD, {
      p_user: input.userId,
      p_hold: input.holdId,
      p_side: input.side,
      p_now: now,
      p_reservation_expires_at: reservationExpiry(now),
    });
    return confirmed!;
  });
  announceCommittedMarketChange(prisma, {
    type: `${input.side}-confirmed`,
    id: input.holdId,
    propertyId: row.property_id,
    userIds: [row.buyer_id, row.seller_id],
  });
  return { holdId: input.holdId, propertyId: row.property_id, reservationId: row.reservation_id };
}

/**
 * Either side withdraws from a hold before settlement (pending, or reserved and awaiting an
 * admin): the held funds return to the buyer and the shares to the order.
 */
export async function cancelHold(prisma: PrismaClient, input: { userId: string; holdId: string }, now = new Date()) {
  return runTransaction(
    prisma,
    "market.cancel-hold",
    async (tx) => {
      const book = await lockBookOfHold(tx, input.holdId);
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
      await rematchReleasedShares(tx, book, hold.order_id, now);
      await announceMarketChange(tx, {
        type: "hold-cancelled",
        id: hold.id,
        propertyId: hold.property_id,
        userIds: [hold.buyer_id, hold.seller_id],
      });
      return { holdId: hold.id, propertyId: hold.property_id };
    },
    { errors: marketErrors() },
  );
}
