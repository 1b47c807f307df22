import { Decimal } from "~/lib/money";
import { parseShareCount } from "~/lib/market/market-rules";
import type { Tx } from "~/services/db.server";
import type { LockedOrder } from "./order-locks.server";
import { insufficientFundsError, marketError } from "./market-errors";

/**
 * Everything a buyer must pass before money moves, against the locked order: a tier of
 * waitlist player or above, an active unexpired order of a tradable property that is not
 * their own, shares from 1 to what the order has not promised to other holds, and a wallet
 * that covers the total. Returns the checked shares and total.
 */
export async function checkPurchase(tx: Tx, order: LockedOrder | null, buyerId: string, wantedShares: unknown) {
  const profile = await tx.userProfile.findUnique({ where: { id: buyerId }, select: { tier: true } });
  if (!profile || profile.tier === "explorer") throw marketError("tierTooLow", 403);
  if (!order) throw marketError("orderNotFound", 404);
  if (order.seller_id === buyerId) throw marketError("ownOrder", 403);
  if (order.status !== "active" || order.expired) throw marketError("orderInactive", 409);
  if (!order.shares_sellable) throw marketError("tradingDisabled", 403);
  const shares = parseShareCount(wantedShares);
  if (shares === null) throw marketError("invalidShares", 422, "shares");
  if (shares > order.remaining_shares - order.held_shares) throw marketError("notEnoughShares", 409, "shares");
  const total = new Decimal(order.price_per_share).times(shares);
  const [wallet] = await tx.$queryRaw<{ available_balance: string }[]>`
    SELECT available_balance::text AS available_balance FROM escrow_balances WHERE user_id = ${buyerId}::uuid`;
  const balance = wallet?.available_balance ?? "0";
  if (new Decimal(balance).lt(total)) throw insufficientFundsError(balance, total.toFixed(2));
  return { shares, total: total.toFixed(2), balance };
}
