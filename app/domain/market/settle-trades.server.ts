import { Decimal, formatINR } from "~/lib/money";
import {
  moneyFunction,
  preparedQuery,
  runMoneyCall,
  runTransaction,
  type PreparedStatement,
  type PrismaClient,
  type Tx,
} from "~/services/db.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { announceCommittedMarketChange, announceMarketChange, releaseClaimedHold } from "./order-locks.server";
import { lockHold } from "./buyer-holds.server";
import { lockBookOfSellOrder, rematchReleasedShares } from "./matching.server";
import { checkBuy, marketErrors, readBuyFacts, type RefusalContext } from "./market-calls.server";
import { marketError } from "./market-errors";
import { isUuid } from "~/lib/uuid";
import { formatShares } from "~/lib/formats";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import type { MailMessage } from "~/services/mail/transport.server";

export const SETTLED_TEXT = { title: "Reservation Settled", description: "Positions updated." } as const;
export const RELEASED_TEXT = { title: "Reservation Cancelled", description: "Reservation cancelled and released." } as const;

/** The mail each side of a trade gets when an admin settles or cancels it: one each, so neither sees the other's address. */
export function tradeMails(emails: readonly string[], heading: { title: string; description: string }, body: string): MailMessage[] {
  return emails.map((email) => ({ to: [email], subject: `${heading.title} - ${heading.description}`, text: body }));
}

const INSTANT_BUY = moneyFunction("market_instant_buy", {
  p_buyer: "uuid",
  p_order: "uuid",
  p_shares: "int",
  p_shares_text: "text",
  p_key: "text",
  p_now: "timestamptz",
  p_amount: "numeric",
  p_journal_expires_at: "timestamptz",
  p_hold_text: "text",
  p_post_text: "text",
  p_bought_text: "text",
  p_sold_text: "text",
  p_alert_title: "text",
  p_buyer_message: "text",
  p_seller_message: "text",
}).returns<{ transaction_id: string; property_id: string; seller_id: string }>(
  "transaction_id::text AS transaction_id, property_id, seller_id::text AS seller_id",
);

const SETTLE_RESERVATION = moneyFunction("market_settle_reservation", {
  p_admin: "uuid",
  p_reservation: "uuid",
  p_now: "timestamptz",
  p_notes: "text",
  p_shares: "int",
  p_amount: "numeric",
  p_post_text: "text",
  p_bought_text: "text",
  p_sold_text: "text",
  p_alert_title: "text",
  p_buyer_message: "text",
  p_seller_message: "text",
  p_audit_details: "jsonb",
  p_mails: "jsonb",
}).returns<{ buyer_id: string; seller_id: string; property_id: string }>(
  "buyer_id::text AS buyer_id, seller_id::text AS seller_id, property_id",
);

/**
 * Flag off: buys from a listing at once. The buyer's total is held and posted to the seller
 * in the same call (a pending journal resolved at once, so the ledger's one-resolution rule
 * covers this path too), shares move, the order falls or completes. There is no partial
 * success: either all of it commits or none. Two round trips (docs/decisions/0043): one
 * read of what the rules need, then one call of `market_instant_buy`, which locks the order
 * and checks everything again. Both sides hear of it once it has committed (ADR 0115).
 */
export async function instantBuyShares(
  prisma: PrismaClient,
  input: { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string },
  now = new Date(),
) {
  const refusal: RefusalContext = { repeatedKind: "trade" };
  const { sellerId, ...trade } = await runMoneyCall(prisma, "market.instant-buy", marketErrors(refusal), async (call) => {
    const facts = await readBuyFacts(prisma, input, { kind: "trade", key: input.idempotencyKey }, now);
    const { shares, total, title } = checkBuy(facts, input, "trade");
    refusal.total = total;
    const description = `${formatShares(shares)} of ${title}`;
    const [row] = await call(INSTANT_BUY, {
      p_buyer: input.buyerId,
      p_order: input.orderId,
      p_shares: shares,
      p_shares_text: String(input.shares).trim(),
      p_key: input.idempotencyKey,
      p_now: now,
      p_amount: total,
      p_journal_expires_at: new Date(now.getTime() + 10 * 60_000),
      p_hold_text: `Purchase of ${description}`,
      p_post_text: `Sale of ${description}`,
      p_bought_text: `Bought ${description}`,
      p_sold_text: `Sold ${description}`,
      p_alert_title: "Purchase Complete!",
      p_buyer_message: `Successfully purchased ${shares} shares. Shares added to your portfolio.`,
      p_seller_message: `You sold ${description} for ${new Decimal(total).toFixed(2)} rupees.`,
    });
    const traded = { transactionId: row!.transaction_id, orderId: input.orderId, propertyId: row!.property_id, shares, amount: total };
    return { ...traded, sellerId: row!.seller_id };
  });
  announceCommittedMarketChange(prisma, {
    type: "trade",
    id: input.orderId,
    propertyId: trade.propertyId,
    userIds: [sellerId, input.buyerId],
  });
  return trade;
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

type SettlementFacts = {
  shares: number;
  amount: string;
  property_title: string;
  status: string;
  hold_status: string;
  expired: boolean;
  emails: string[];
};

/**
 * The admin settles a reservation both sides confirmed: the hold's pending journal is posted
 * (the buyer's held funds to the seller), exactly once, and the shares move. A second
 * settlement, or one after the reservation expired, is refused. Two round trips
 * (docs/decisions/0043): one read of the reservation for its texts, then one call of
 * `market_settle_reservation`, which locks the order, the hold and the reservation, checks
 * them again and writes everything, the audit entry, both sides' alerts and their mails (to
 * the outbox, ADR 0060: the caller drains it once this commits) included. Both sides and the
 * admins hear of it once it has committed (ADR 0115).
 */
export async function settleReservation(
  prisma: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  now = new Date(),
) {
  const notes = (input.notes ?? "").trim().slice(0, 1000) || null;
  if (!isUuid(input.reservationId)) throw marketError("reservationNotFound", 404);
  const { propertyId, ...settled } = await runMoneyCall(prisma, "market.settle-reservation", marketErrors(), async (call) => {
    const [facts] = await preparedQuery<SettlementFacts>(prisma, READ_SETTLEMENT_FACTS, [input.reservationId, now]);
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
    const [row] = await call(SETTLE_RESERVATION, {
      p_admin: input.adminId,
      p_reservation: input.reservationId,
      p_now: now,
      p_notes: notes,
      p_shares: facts.shares,
      p_amount: facts.amount,
      p_post_text: `Settlement of ${description}`,
      p_bought_text: `Bought ${description}`,
      p_sold_text: `Sold ${description}`,
      p_alert_title: SETTLED_TEXT.title,
      p_buyer_message: `${description} are now yours. ${SETTLED_TEXT.description}`,
      p_seller_message: `Your sale of ${description} was settled and the proceeds added to your wallet. ${SETTLED_TEXT.description}`,
      p_audit_details: JSON.stringify(audit),
      p_mails: JSON.stringify(
        tradeMails(facts.emails, SETTLED_TEXT, `${description} for ${formatINR(facts.amount, { paise: true })} were settled.`),
      ),
    });
    return {
      reservationId: input.reservationId,
      buyerId: row!.buyer_id,
      sellerId: row!.seller_id,
      propertyTitle: title,
      shares: facts.shares,
      amount: facts.amount,
      propertyId: row!.property_id,
    };
  });
  announceCommittedMarketChange(prisma, {
    type: "reservation-settled",
    id: input.reservationId,
    propertyId,
    userIds: [settled.buyerId, settled.sellerId],
  });
  return settled;
}

// $1 the reservation, $2 now. Prepared once per connection, on the pool's own connection
// rather than through Prisma's query pipeline (ADR 0026).
const READ_SETTLEMENT_FACTS: PreparedStatement = {
  name: "read_settlement_facts",
  text: `
    SELECT h.shares, h.amount::text AS amount, p.title AS property_title, r.status::text AS status,
           h.hold_status::text AS hold_status, r.expires_at <= $2::timestamptz AS expired,
           ARRAY_REMOVE(ARRAY[bu.email, su.email], NULL) AS emails
      FROM share_reservations r
      JOIN share_buyer_holds h ON h.id = r.hold_id
      LEFT JOIN user_profiles bu ON bu.user_id = h.buyer_id
      LEFT JOIN user_profiles su ON su.user_id = h.seller_id
      JOIN share_sell_requests o ON o.id = h.order_id
      JOIN properties p ON p.id = o.property_id
     WHERE r.id = $1::uuid`,
};

/** The admin cancels a reservation: the hold's journal is voided and the shares return to the order. */
export async function cancelReservation(
  prisma: PrismaClient,
  input: { adminId: string; reservationId: string; notes?: string | null },
  now = new Date(),
) {
  const notes = (input.notes ?? "").trim().slice(0, 1000) || null;
  return runTransaction(
    prisma,
    "market.cancel-reservation",
    async (tx) => {
      const [ref] = isUuid(input.reservationId)
        ? await tx.$queryRaw<{ order_id: string }[]>`
            SELECT order_id::text AS order_id FROM share_reservations WHERE id = ${input.reservationId}::uuid`
        : [];
      const book = ref ? await lockBookOfSellOrder(tx, ref.order_id) : null;
      const locked = await lockReservation(tx, input.reservationId, now);
      if (!locked) throw marketError("reservationNotFound", 404);
      const { reservation, hold } = locked;
      const claimed = await tx.$executeRaw`
        UPDATE share_reservations SET status = 'released', settlement_notes = ${notes}, settled_by = ${input.adminId}::uuid, updated_at = now()
         WHERE id = ${reservation.id}::uuid AND status = 'active'`;
      if (claimed !== 1) throw marketError("reservationClosed", 409);
      await tx.$executeRaw`UPDATE share_buyer_holds SET hold_status = 'cancelled', updated_at = now() WHERE id = ${hold.id}::uuid`;
      await releaseClaimedHold(tx, hold, "Reservation cancelled by an admin", input.adminId);
      await rematchReleasedShares(tx, book, hold.order_id, new Date());
      for (const userId of [hold.buyer_id, hold.seller_id]) {
        await createUserAlert(tx, {
          userId,
          propertyId: hold.property_id,
          alertType: "reservation_released",
          title: RELEASED_TEXT.title,
          message: RELEASED_TEXT.description,
        });
      }
      await mailBothSidesIn(
        tx,
        [hold.buyer_id, hold.seller_id],
        "The held funds were returned to the buyer and the shares to the sell request.",
      );
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
    },
    { errors: marketErrors() },
  );
}

/** A cancelled trade's mails, queued in its transaction (ADR 0051); a failure only warns. */
async function mailBothSidesIn(tx: Tx, userIds: string[], body: string) {
  const people = await tx.userProfile.findMany({ where: { id: { in: userIds } }, select: { email: true } });
  for (const mail of tradeMails(
    people.map((person) => person.email),
    RELEASED_TEXT,
    body,
  )) {
    try {
      await enqueueMail(mail, tx);
    } catch (error) {
      logger.warn({ err: error }, "could not queue the cancelled trade's mail; the cancellation stands");
    }
  }
}
