import { formatShares } from "~/lib/formats";
import { formatINR } from "~/lib/money";
import { sellerMailText } from "./hold-notices.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { isUuid } from "~/lib/uuid";
import { runTransaction, type PrismaClient, type Tx } from "~/services/db.server";
import { tradingStoppedForExit } from "~/domain/exits/trading-stopped.server";
import { announceMarketChange, lockOrder } from "./order-locks.server";
import { checkBuy, marketErrors, readBuyFacts, type RefusalContext } from "./market-calls.server";
import { marketError, MarketError } from "./market-errors";
import { buyOrderHold, buyOrderJournalExpiry, fillFromListing, holdFunds, lockBook, matchesSettleAtOnce } from "./matching.server";
import { scopedKey } from "./sell-requests.server";

export type BuyNowInput = { buyerId: string; orderId: string; shares: unknown; idempotencyKey: string };

const DAY = 24 * 3_600_000;

export const tradingHaltedError = () =>
  new MarketError("trading_halted", "Trading in this property is halted. Please try again once it resumes.", 409);

/**
 * "Buy Now" on a listing (issue 30, ADR 0076): a marketable buy order at the listing's price
 * that fills from that listing at once, all of it or nothing. Its money is held by the buy
 * order's pending journal and then by the fill's, exactly as matching does: with the
 * secondary-market flag on the fill is a reservation both orders confirmed, which an admin
 * settles; off, it settles at once. The spec's refusals (own order, tier, too many shares,
 * a short wallet) are checked under the book's and the listing's locks, so they cannot go
 * stale before the fill.
 */
export async function buyListingNow(prisma: PrismaClient, input: BuyNowInput, options: { now?: Date; instant?: boolean } = {}) {
  const now = options.now ?? new Date();
  const instant = options.instant ?? matchesSettleAtOnce();
  const refusal: RefusalContext = { repeatedKind: "buy-order" };
  return runTransaction(prisma, "market.buy-now", (tx) => buyListingNowIn(tx, input, now, instant, refusal), {
    errors: marketErrors(refusal),
  });
}

async function buyListingNowIn(tx: Tx, input: BuyNowInput, now: Date, instant: boolean, refusal: RefusalContext) {
  if (!isUuid(input.orderId)) throw marketError("orderNotFound", 404);
  // A listing's property never changes, so it is read without a lock to take the locks in the
  // market's order: the property FOR SHARE (as a sell order and the database's exit guard take
  // it), then the book, then the listing. Taking the book before the property deadlocked with a
  // sell order and a primary purchase on the same property.
  const [ref] = await tx.$queryRaw<{ property_id: string }[]>`
    SELECT property_id FROM share_sell_requests WHERE id = ${input.orderId}::uuid`;
  if (!ref) throw marketError("orderNotFound", 404);
  const stopped = await tradingStoppedForExit(tx, ref.property_id);
  const book = await lockBook(tx, ref.property_id);
  const listing = await lockOrder(tx, input.orderId, now);
  if (!listing) throw marketError("orderNotFound", 404);
  const key = scopedKey(input.buyerId, input.idempotencyKey);
  const facts = await readBuyFacts(tx, input, { kind: "buy-order", key }, now);
  const { shares, total, title } = checkBuy(facts, input, "buy-order");
  refusal.total = total;
  if (stopped) throw marketError("tradingStopped", 409);
  if (book.halted) throw tradingHaltedError();

  const amount = buyOrderHold(shares, listing.price_per_share);
  const expiresAt = new Date(now.getTime() + DAY);
  const journalId = await holdFunds(
    tx,
    input.buyerId,
    amount.toFixed(2),
    buyOrderJournalExpiry(expiresAt),
    `Buy order for ${formatShares(shares)} of ${title}`,
  );
  const [order] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO share_buy_orders (buyer_id, property_id, shares_wanted, remaining_shares, max_price, held_amount, journal_id,
                                  expires_at, idempotency_key, created_at)
    VALUES (${input.buyerId}::uuid, ${listing.property_id}, ${shares}, ${shares}, ${listing.price_per_share}::numeric,
            ${amount.toFixed(2)}::numeric, ${journalId}::uuid, ${expiresAt}, ${key}, clock_timestamp())
    RETURNING id::text AS id`;
  const buyOrderId = order!.id;
  await announceMarketChange(tx, { type: "bid", id: buyOrderId, propertyId: listing.property_id, userIds: [input.buyerId] });
  const filled = await fillFromListing(tx, buyOrderId, listing.id, { instant, now });
  // Checked under the same locks just above; a shortfall here would be a bug, and undoes everything.
  if (filled !== shares) throw marketError("concurrent", 409);
  if (!instant) await tellSellerOfReservation(tx, { sellerId: listing.seller_id, propertyId: listing.property_id, title, shares, total });
  return {
    buyOrderId,
    orderId: listing.id,
    propertyId: listing.property_id,
    propertyTitle: title,
    shares,
    pricePerShare: listing.price_per_share,
    amount: total,
    settled: instant,
  };
}

export const SHARES_RESERVED_TITLE = "Shares Reserved";

/**
 * The seller hears of a Buy Now on their listing (flag on) in the reservation's transaction:
 * an alert on their bell and an e-mail in the outbox, both committed with the fill.
 * With the flag off, `market_transfer_shares` tells both sides that the order filled.
 */
async function tellSellerOfReservation(
  tx: Tx,
  sale: { sellerId: string; propertyId: string; title: string; shares: number; total: string },
) {
  const message =
    `A buyer reserved ${formatShares(sale.shares)} of ${sale.title} for ${formatINR(sale.total, { paise: true })} from your listing. ` +
    "An admin settles the trade; until then either side may cancel the reservation on its Sell Requests or Trading page.";
  await createUserAlert(tx, {
    userId: sale.sellerId,
    alertType: "shares_reserved",
    title: SHARES_RESERVED_TITLE,
    message,
    propertyId: sale.propertyId,
  });
  const seller = await tx.userProfile.findUnique({ where: { id: sale.sellerId }, select: { email: true, fullName: true } });
  if (!seller?.email) return;
  // To the outbox with the reservation (ADR 0060): the caller drains it once this commits.
  await tx.mailOutbox.create({
    data: {
      message: {
        to: [seller.email],
        subject: `${SHARES_RESERVED_TITLE}: ${sale.title}`,
        text: sellerMailText(seller.fullName, message),
      },
    },
  });
}
