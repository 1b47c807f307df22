import { listOwnOrdersAndHolds } from "~/domain/market/market-reads.server";
import { readInOneSnapshot, type PrismaClient } from "~/services/db.server";
import type { SessionUser } from "~/web/guards.server";
import { holdsMode, loadMarketplace, loadSellDialog } from "~/web/market.server";

/**
 * The trader's side of /trading in one snapshot (ADR 0100): the marketplace (with the wallet),
 * the shares the sell dialog offers and the trader's own orders and holds. Read side by side,
 * an order placed between them was listed in the marketplace but missing from the trader's
 * active orders.
 * `selected` is the property picked; `all` shows the whole marketplace and no sell dialog.
 */
export function loadTradingMarket(prisma: PrismaClient, user: SessionUser, selected: string | null, all: boolean) {
  return readInOneSnapshot(prisma, async (db) => {
    const [market, sell, own] = await Promise.all([
      selected || all ? loadMarketplace(db, user, selected ?? undefined) : null,
      selected ? loadSellDialog(db, user, selected) : null,
      listOwnOrdersAndHolds(db, user.id, { withHolds: holdsMode(), propertyId: selected ?? undefined }),
    ]);
    return { market, sell, ...own };
  });
}
