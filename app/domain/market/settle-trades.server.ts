import { Decimal } from "~/lib/money";
import { preparedQuery, runTransaction, type PreparedStatement, type PrismaClient, type Tx } from "~/services/db.server";
import { PHYSICAL_CHANNEL } from "~/services/realtime/bus.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { announceMarketChange, releaseClaimedHold } from "./order-locks.server";
import { lockHold, withMarketErrors } from "./buyer-holds.server";
import { checkBuy, readBuyFacts, runMarketCall, type RefusalContext } from "./market-calls.server";
import { marketError } from "./market-errors";
import { isUuid } from "~/lib/uuid";
import { formatShares } from "~/lib/formats";

export const SETTLED_TEXT = { title: "Reservation Settled", description: "Positions updated." } as const;
export const RELEASED_TEXT = { title: "Reservation Cancelled", description: "Reservation cancelled and released." } as const;

const INSTANT_BUY: PreparedStatement = {
  name: "market_instant_buy",
  text: `SELECT transaction_id::text AS transaction_id, property_id
           FROM market_instant_buy($1::uuid, $2::uuid, $3::int, $4, $5, $6::timestamptz, $7::numeric, $8::timestamptz, $9, $10, $11,
                                   $12, $13, $14, $15, $16)`,
};

const SETTLE_RESERVATION: PreparedStatement = {
  name: "market_settle_reservation",
  text: `SELECT buyer_id::text AS buyer_id, seller_id::text AS seller_id
           FROM market_settle_reservation($1::uuid, $2::uuid, $3::timestamptz, $4, $5::int, $6::numeric, $7, $8, $9, $10, $11, $12,
                                          $13::jsonb, $14)`,
};

/**
 * Flag off: buys from a listing at once. The buyer's total is held and posted to the seller
 * in the same call (a pending journal resolved at once, so the ledger's one-resolution rule
 * covers this path too), shares move, the order falls or completes. There is no partial
 * success: either all of it commits or none. Two round trips (docs/decisions/0043): one
 * read of what the rules need, then one call of `market_instant_buy`, which locks the order
 * and checks everything again.
 */
export async function instantBuyShares(
  prisma: PrismaClient,
  input: { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string },
  now = new Date(),
) {
  const refusal: RefusalContext = { repeatedKind: "trade" };
  return runMarketCall(
    "market.instant-buy",
    async () => {
      const facts = await readBuyFacts(prisma, input, { kind: "trade", key: input.idempotencyKey }, now);
      const { shares, total, title } = checkBuy(facts, input, "trade");
      refusal.total = total;
      const description = `${formatShares(shares)} of ${title}`;
      const [row] = await preparedQuery<{ transaction_id: string; property_id: string }>(prisma, INSTANT_BUY, [
        input.buyerId,
        input.orderId,
        shares,
        String(input.shares).trim(),
        input.idempotencyKey,
        now,
        total,
        new Date(now.getTime() + 10 * 60_000),
        `Purchase of ${description}`,
        `Sale of ${description}`,
        `Bought ${description}`,
        `Sold ${description}`,
        "Purchase Complete!",
        `Successfully purchased ${formatShares(shares)}. Shares added to your portfolio.`,
        `You sold ${description} for ${new Decimal(total).toFixed(2)} rupees.`,
        PHYSICAL_CHANNEL,
      ]);
      return { transactionId: row!.transaction_id, orderId: input.orderId, propertyId: row!.property_id, shares, amount: total };
    },
    refusal,
  );
}

type LockedReservation = { id: string; hold_id: string; status: string; expired: boolean };

async function lockReservation(tx: Tx, reservationId: string, now: Date) {
  if (!isUuid(reservationId)) return null;
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

type SettlementFacts = { shares: number; amount: string; property_title: string; status: string; hold_status: string; expired: boolean };

/**
 * The admin settles a reservation both sides confirmed: the hold's pending journal is posted
 * (the buyer's held funds to the seller), exactly once, and the shares move. A second
 * settlement, or one after the reservation expired, is refused. Two round trips
 * (docs/decisions/0043): one read of the reservation for its texts, then one call of
 * `market_settle_reservation`, which locks the order, the hold and the reservation, checks
 * them again and writes everything, the audit entry included.
 */
export async function settleReservation(
  prisma: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  now = new Date(),
) {
  const notes = (input.notes ?? "").trim().slice(0, 1000) || null;
  if (!isUuid(input.reservationId)) throw marketError("reservationNotFound", 404);
  return runMarketCall("market.settle-reservation", async () => {
    const [facts] = await prisma.$queryRaw<SettlementFacts[]>`
      SELECT h.shares, h.amount::text AS amount, p.title AS property_title, r.status::text AS status,
             h.hold_status::text AS hold_status, r.expires_at <= ${now} AS expired
        FROM share_reservations r
        JOIN share_buyer_holds h ON h.id = r.hold_id
        JOIN share_sell_requests o ON o.id = h.order_id
        JOIN properties p ON p.id = o.property_id
       WHERE r.id = ${input.reservationId}::uuid`;
    if (!facts) throw marketError("reservationNotFound", 404);
    // Settled, released and expired are final: refused at once, with no lock taken.
    if (facts.status !== "active" || facts.hold_status !== "reserved") throw marketError("reservationClosed", 409);
    if (facts.expired) throw marketError("reservationExpired", 409);
    const title = facts.property_title;
    const description = `${formatShares(facts.shares)} of ${title}`;
    const audit = {
      before: { status: "active" },
      after: { status: "settled", shares: facts.shares, amount: facts.amount },
      note: notes,
    };
    const [row] = await preparedQuery<{ buyer_id: string; seller_id: string }>(prisma, SETTLE_RESERVATION, [
      input.adminId,
      input.reservationId,
      now,
      notes,
      facts.shares,
      facts.amount,
      `Settlement of ${description}`,
      `Bought ${description}`,
      `Sold ${description}`,
      SETTLED_TEXT.title,
      `${description} are now yours. ${SETTLED_TEXT.description}`,
      `Your sale of ${description} was settled and the proceeds added to your wallet. ${SETTLED_TEXT.description}`,
      JSON.stringify(audit),
      PHYSICAL_CHANNEL,
    ]);
    return {
      reservationId: input.reservationId,
      buyerId: row!.buyer_id,
      sellerId: row!.seller_id,
      propertyTitle: title,
      shares: facts.shares,
      amount: facts.amount,
    };
  });
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
