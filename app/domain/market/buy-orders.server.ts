import { Decimal } from "~/lib/money";
import { ORDER_LIFETIME_DAYS, parseShareCount } from "~/lib/market/market-rules";
import { isAmountPastAnyBound, NUMERIC_16_2_MAX, parseRupees } from "~/lib/rupee-input";
import { formatShares } from "~/lib/formats";
import { isUuid } from "~/lib/uuid";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { tradingStoppedForExit } from "~/domain/exits/trading-stopped.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { announceMarketChange } from "./order-locks.server";
import { DuplicateSubmitError, insufficientFundsError, marketError, MarketError } from "./market-errors";
import { marketErrors } from "./market-calls.server";
import { mayBuyOnMarket } from "./resale-rules";
import { scopedKey } from "./sell-requests.server";
import {
  buyOrderHold,
  buyOrderJournalExpiry,
  holdFunds,
  lockBook,
  matchBuyOrder,
  matchesSettleAtOnce,
  refuseSelfCross,
} from "./matching.server";
import { checkPriceBand } from "./reference-price.server";

export type PlaceBuyOrderInput = {
  buyerId: string;
  propertyId: string;
  shares: unknown;
  maxPrice: unknown;
  /** Whole days the order rests, 1 to 30; 30 when left empty. */
  expiryDays?: unknown;
  idempotencyKey: string;
};

const DAY = 24 * 3_600_000;

export function parseExpiryDays(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text === "") return ORDER_LIFETIME_DAYS;
  if (!/^\d{1,2}$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= ORDER_LIFETIME_DAYS ? days : null;
}

/**
 * A limit buy order: `shares` at most `maxPrice` each, resting up to 30 days. Its whole cost
 * (plus the resale fee) moves from available to held by a pending journal, as a buyer hold's
 * does; then it is matched at once against resting sell orders (unless trading is halted).
 */
export async function placeBuyOrder(prisma: PrismaClient, input: PlaceBuyOrderInput, options: { now?: Date; instant?: boolean } = {}) {
  const now = options.now ?? new Date();
  const instant = options.instant ?? matchesSettleAtOnce();
  return runTransaction(prisma, "market.place-buy-order", (tx) => placeBuyOrderIn(tx, input, now, instant), { errors: marketErrors() });
}

export async function placeBuyOrderIn(tx: Tx, input: PlaceBuyOrderInput, now: Date, instant: boolean) {
  const shares = parseShareCount(input.shares);
  if (shares === null) throw marketError("invalidShares", 422, "shares");
  const parsed = parseRupees(input.maxPrice, { message: "invalid", min: "0.01", max: NUMERIC_16_2_MAX });
  // A well-formed limit too large for any column is past the band too, and is answered with it.
  const price = !parsed.ok && isAmountPastAnyBound(input.maxPrice) ? { ok: true as const, value: NUMERIC_16_2_MAX } : parsed;
  if (!price.ok)
    throw new MarketError("invalid_price", "Maximum price per share must be at least ₹0.01, in steps of ₹0.01", 422, "maxPrice");
  const days = parseExpiryDays(input.expiryDays);
  if (days === null)
    throw new MarketError("invalid_expiry", `Expiry must be a whole number of days from 1 to ${ORDER_LIFETIME_DAYS}`, 422, "expiryDays");
  const key = scopedKey(input.buyerId, input.idempotencyKey);
  const seen = await tx.shareBuyOrder.findUnique({ where: { idempotencyKey: key } });
  if (seen) {
    if (seen.propertyId === input.propertyId && seen.sharesWanted === shares && seen.maxPrice.eq(price.value)) {
      throw new DuplicateSubmitError({ kind: "buy-order", id: seen.id });
    }
    throw marketError("keyReused", 409);
  }
  const buyer = await tx.userProfile.findUnique({ where: { id: input.buyerId }, select: { tier: true, isAdmin: true } });
  if (!mayBuyOnMarket({ tier: buyer?.tier ?? null, isAdmin: buyer?.isAdmin ?? null })) throw marketError("tierTooLow", 403);
  const property = await tx.property.findUnique({ where: { id: input.propertyId }, select: { sharesSellable: true, title: true } });
  if (!property) throw marketError("propertyNotFound", 404);
  if (!property.sharesSellable) throw marketError("tradingDisabled", 403);

  // The property FOR SHARE before the book, as a sell order takes them (and the database's exit
  // guard on the insert below would take it after the book otherwise: a lock-order inversion).
  if (await tradingStoppedForExit(tx, input.propertyId)) throw marketError("tradingStopped", 409);
  const book = await lockBook(tx, input.propertyId);
  await checkPriceBand(tx, input.propertyId, price.value, "maxPrice");
  await refuseSelfCross(tx, { userId: input.buyerId, propertyId: input.propertyId, side: "buy", price: price.value });

  const amount = buyOrderHold(shares, price.value);
  const wallet = await tx.escrowBalance.findUnique({ where: { userId: input.buyerId }, select: { availableBalance: true } });
  const balance = wallet?.availableBalance ?? new Decimal(0);
  if (balance.lt(amount)) throw insufficientFundsError(balance.toFixed(2), amount.toFixed(2));
  const expiresAt = new Date(now.getTime() + days * DAY);
  const journalId = await holdFunds(
    tx,
    input.buyerId,
    amount.toFixed(2),
    buyOrderJournalExpiry(expiresAt),
    `Buy order for ${formatShares(shares)} of ${property.title}`,
  );
  // clock_timestamp, taken under the book's lock: time priority is the order in which the book took orders.
  const [order] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO share_buy_orders (buyer_id, property_id, shares_wanted, remaining_shares, max_price, held_amount, journal_id,
                                  expires_at, idempotency_key, created_at)
    VALUES (${input.buyerId}::uuid, ${input.propertyId}, ${shares}, ${shares}, ${price.value.toFixed(2)}::numeric,
            ${amount.toFixed(2)}::numeric, ${journalId}::uuid, ${expiresAt}, ${key}, clock_timestamp())
    RETURNING id::text AS id`;
  const orderId = order!.id;
  await announceMarketChange(tx, { type: "bid", id: orderId, propertyId: input.propertyId, userIds: [input.buyerId] });
  const fills = book.halted ? 0 : await matchBuyOrder(tx, orderId, { instant, now });
  const [after] = await tx.$queryRaw<{ remaining_shares: number }[]>`
    SELECT remaining_shares FROM share_buy_orders WHERE id = ${orderId}::uuid`;
  return {
    orderId,
    propertyId: input.propertyId,
    propertyTitle: property.title,
    shares,
    maxPrice: price.value.toFixed(2),
    held: amount.toFixed(2),
    fills,
    filledShares: shares - after!.remaining_shares,
    halted: book.halted,
  };
}

type Closing = { status: "cancelled" | "expired"; reason: string; actorId?: string };

/**
 * Closes one active buy order under the book's lock: claimed by a conditional update, its
 * pending journal voided (the ledger resolves a journal once), the held money back to available.
 */
async function closeBuyOrder(tx: Tx, orderId: string, closing: Closing, expect?: (o: { buyer_id: string }) => boolean) {
  const [order] = await tx.$queryRaw<{ id: string; buyer_id: string; property_id: string; journal_id: string; status: string }[]>`
    SELECT id::text AS id, buyer_id::text AS buyer_id, property_id, journal_id::text AS journal_id, status::text AS status
      FROM share_buy_orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  if (!order || (expect && !expect(order))) throw new MarketError("buy_order_not_found", "Buy order not found", 404);
  const claimed = await tx.$executeRaw`
    UPDATE share_buy_orders
       SET status = ${closing.status}::buy_order_status, held_amount = 0, closed_reason = ${closing.reason},
           closed_by = ${closing.actorId ?? null}::uuid, updated_at = now()
     WHERE id = ${orderId}::uuid AND status = 'active'`;
  if (claimed !== 1) throw new MarketError("buy_order_closed", "This buy order is no longer open.", 409);
  await voidPendingJournal(tx, { pendingJournalId: order.journal_id, reason: closing.reason, createdBy: closing.actorId });
  await announceMarketChange(tx, { type: `bid-${closing.status}`, id: order.id, propertyId: order.property_id, userIds: [order.buyer_id] });
  return order;
}

async function bookOf(tx: Tx, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [row] = await tx.$queryRaw<{ property_id: string }[]>`SELECT property_id FROM share_buy_orders WHERE id = ${orderId}::uuid`;
  return row?.property_id ?? null;
}

/** The buyer withdraws their open buy order: its held money returns, once. */
export async function cancelBuyOrder(prisma: PrismaClient, input: { buyerId: string; orderId: string }) {
  return runTransaction(
    prisma,
    "market.cancel-buy-order",
    async (tx) => {
      const propertyId = await bookOf(tx, input.orderId);
      if (!propertyId) throw new MarketError("buy_order_not_found", "Buy order not found", 404);
      await lockBook(tx, propertyId);
      const order = await closeBuyOrder(
        tx,
        input.orderId,
        { status: "cancelled", reason: "Buy order cancelled by the buyer", actorId: input.buyerId },
        (o) => o.buyer_id === input.buyerId,
      );
      return { orderId: order.id, propertyId };
    },
    { errors: marketErrors() },
  );
}

/** An admin cancels any open buy order, with a reason, in the audit log. */
export async function adminCancelBuyOrder(prisma: PrismaClient, input: { adminId: string; orderId: string; reason: unknown }) {
  const reason = typeof input.reason === "string" ? input.reason.trim().slice(0, 500) : "";
  if (!reason) throw new MarketError("reason_required", "Please give a reason for cancelling this order", 422, "reason");
  return runTransaction(
    prisma,
    "market.admin-cancel-buy-order",
    async (tx) => {
      const propertyId = await bookOf(tx, input.orderId);
      if (!propertyId) throw new MarketError("buy_order_not_found", "Buy order not found", 404);
      await lockBook(tx, propertyId);
      const order = await closeBuyOrder(tx, input.orderId, {
        status: "cancelled",
        reason: `Buy order cancelled by an admin: ${reason}`,
        actorId: input.adminId,
      });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "buy_order.cancel",
        targetType: "share_buy_order",
        targetId: order.id,
        before: { status: "active" },
        after: { status: "cancelled" },
        note: reason,
      });
      return { orderId: order.id, propertyId };
    },
    { errors: marketErrors() },
  );
}

/**
 * Cancels every open buy order of a property in the caller's transaction (the exit's
 * `stopTradingForExit` calls this): each one's held money returns, once.
 */
export async function cancelBuyOrdersForProperty(tx: Tx, propertyId: string, reason: string, actorId?: string): Promise<number> {
  await lockBook(tx, propertyId);
  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM share_buy_orders WHERE property_id = ${propertyId} AND status = 'active' ORDER BY created_at, id`;
  for (const order of open) await closeBuyOrder(tx, order.id, { status: "cancelled", reason, actorId });
  return open.length;
}

/** The expiry job's part: a buy order past its day releases its hold, once across any number of workers. */
export async function expireBuyOrders(prisma: PrismaClient, now: Date, limit: number): Promise<number> {
  const due = await prisma.$queryRaw<{ id: string; property_id: string }[]>`
    SELECT id::text AS id, property_id FROM share_buy_orders WHERE status = 'active' AND expires_at <= ${now}
     ORDER BY expires_at LIMIT ${limit}`;
  let expired = 0;
  for (const order of due) {
    const done = await runTransaction(prisma, "market.expire-buy-order", async (tx) => {
      await lockBook(tx, order.property_id);
      const [still] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text AS id FROM share_buy_orders WHERE id = ${order.id}::uuid AND status = 'active' AND expires_at <= ${now}`;
      if (!still) return false;
      await closeBuyOrder(tx, order.id, { status: "expired", reason: "Buy order expired" });
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
