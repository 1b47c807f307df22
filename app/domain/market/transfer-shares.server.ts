import { Decimal } from "~/lib/money";
import type { Tx } from "~/services/db.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";

export type Trade = {
  orderId: string;
  propertyId: string;
  propertyTitle: string;
  sellerId: string;
  buyerId: string;
  shares: number;
  pricePerShare: string;
  amount: string;
  journalId: string;
  /** The buyer's form key, kept on the buyer's history row (instant purchases). */
  buyerIdempotencyKey?: string;
  alert: { title: string; buyerMessage: string; sellerMessage: string };
};

/**
 * Moves sold shares from seller to buyer after the money moved: the order's remaining (and
 * held, for a hold) shares fall or the order completes, the seller's position loses the
 * shares and their commitment and books the realised profit at its average price, the
 * buyer's gains them at the trade price, both histories and tiers are updated and both
 * hear of it. The locks were taken by the caller (order first).
 */
export async function transferShares(tx: Tx, trade: Trade, fromHold: boolean): Promise<{ buyerTransactionId: string }> {
  const reduced = await tx.$executeRaw`
    UPDATE share_sell_requests
       SET remaining_shares = remaining_shares - ${trade.shares},
           held_shares = held_shares - ${fromHold ? trade.shares : 0},
           status = CASE WHEN remaining_shares = ${trade.shares} THEN 'completed'::sell_request_status ELSE status END,
           sold_at = CASE WHEN remaining_shares = ${trade.shares} THEN now() ELSE sold_at END,
           buyer_id = ${trade.buyerId}::uuid,
           updated_at = now()
     WHERE id = ${trade.orderId}::uuid AND remaining_shares >= ${trade.shares}`;
  if (reduced !== 1) throw new Error("the order no longer has the shares it promised");

  const [seller] = await tx.$queryRaw<{ avg_price: string }[]>`
    UPDATE user_property_positions
       SET shares = shares - ${trade.shares},
           committed_shares = committed_shares - ${trade.shares},
           cost_basis = GREATEST(cost_basis - avg_price * ${trade.shares}, 0),
           avg_price = CASE WHEN shares = ${trade.shares} THEN 0 ELSE avg_price END,
           realised_profit = realised_profit + (${trade.pricePerShare}::numeric - avg_price) * ${trade.shares},
           updated_at = now()
     WHERE user_id = ${trade.sellerId}::uuid AND property_id = ${trade.propertyId}
    RETURNING avg_price::text AS avg_price`;
  if (!seller) throw new Error("the seller's position is missing");

  await tx.$executeRaw`
    INSERT INTO user_property_positions AS p (user_id, property_id, shares, cost_basis, avg_price, updated_at)
    VALUES (${trade.buyerId}::uuid, ${trade.propertyId}, ${trade.shares}, ${trade.amount}::numeric,
            round(${trade.amount}::numeric / ${trade.shares}, 2), now())
    ON CONFLICT (user_id, property_id) DO UPDATE
       SET shares = p.shares + EXCLUDED.shares,
           cost_basis = p.cost_basis + EXCLUDED.cost_basis,
           avg_price = round((p.cost_basis + EXCLUDED.cost_basis) / (p.shares + EXCLUDED.shares), 2),
           updated_at = now()`;

  await reduceSellerInvestments(tx, trade.sellerId, trade.propertyId, trade.shares);
  const description = `${trade.shares} ${trade.shares === 1 ? "share" : "shares"} of ${trade.propertyTitle}`;
  const buyerTransaction = await tx.transaction.create({
    data: {
      userId: trade.buyerId,
      propertyId: trade.propertyId,
      transactionType: "share_purchase",
      amount: trade.amount,
      shares: trade.shares,
      pricePerShare: trade.pricePerShare,
      description: `Bought ${description}`,
      referenceId: trade.orderId,
      idempotencyKey: trade.buyerIdempotencyKey ?? null,
      journalId: trade.journalId,
    },
    select: { id: true },
  });
  await tx.investment.create({
    data: {
      userId: trade.buyerId,
      propertyId: trade.propertyId,
      sharesOwned: trade.shares,
      pricePerShare: trade.pricePerShare,
      totalInvestment: trade.amount,
      investmentStatus: "confirmed",
      transactionId: buyerTransaction.id,
    },
  });
  await tx.transaction.create({
    data: {
      userId: trade.sellerId,
      propertyId: trade.propertyId,
      transactionType: "share_sale",
      amount: trade.amount,
      shares: trade.shares,
      pricePerShare: trade.pricePerShare,
      description: `Sold ${description}`,
      referenceId: trade.orderId,
      journalId: trade.journalId,
    },
  });
  await recalculateTier(tx, trade.buyerId);
  await recalculateTier(tx, trade.sellerId);
  await createUserAlert(tx, {
    userId: trade.buyerId,
    propertyId: trade.propertyId,
    alertType: "trade_settled",
    title: trade.alert.title,
    message: trade.alert.buyerMessage,
  });
  await createUserAlert(tx, {
    userId: trade.sellerId,
    propertyId: trade.propertyId,
    alertType: "trade_settled",
    title: trade.alert.title,
    message: trade.alert.sellerMessage,
  });
  return { buyerTransactionId: buyerTransaction.id };
}

/**
 * Keeps the seller's confirmed investments (which the tier rules count) in step with the
 * shares they still own: oldest first, a lot sold whole is marked completed, a lot sold in
 * part keeps its remaining shares at its own price.
 */
async function reduceSellerInvestments(tx: Tx, sellerId: string, propertyId: string, shares: number) {
  const lots = await tx.investment.findMany({
    where: { userId: sellerId, propertyId, investmentStatus: "confirmed" },
    orderBy: [{ investmentDate: "asc" }, { id: "asc" }],
    select: { id: true, sharesOwned: true, pricePerShare: true },
  });
  let left = shares;
  for (const lot of lots) {
    if (left <= 0) break;
    if (lot.sharesOwned <= left) {
      await tx.investment.update({ where: { id: lot.id }, data: { investmentStatus: "completed" } });
      left -= lot.sharesOwned;
    } else {
      const kept = lot.sharesOwned - left;
      await tx.investment.update({
        where: { id: lot.id },
        data: { sharesOwned: kept, totalInvestment: new Decimal(lot.pricePerShare).times(kept).toFixed(2) },
      });
      left = 0;
    }
  }
}
