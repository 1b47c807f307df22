import { listPropertyDistributions, listReceivedDistributions } from "~/domain/distributions/distributions.server";
import { getHolderExitView } from "~/domain/exits/exit-reads.server";
import { getPropertyPosition } from "~/domain/portfolio/property-position.server";
import { listPropertyUpdates } from "~/domain/property-updates/list-updates.server";
import { listVault } from "~/domain/vault/list-vault.server";
import { readInOneSnapshot, type PrismaClient } from "~/services/db.server";
import type { SessionUser } from "~/web/guards.server";
import { loadMarketplace, loadSellDialog } from "~/web/market.server";
import { loadPropertyValueView } from "~/web/valuations.server";

/**
 * Everything /dashboard/p/{id} shows, read in one snapshot (ADR 0100): the shares owned beside
 * the shares the sell dialog offers, the distributions received beside the property's list of
 * paid ones, the price beside the value chart. Read side by side, a distribution paid between
 * the reads showed "₹0" of distributions in the position beside the ₹500 received in the list.
 * Null when the investor never held the property (or it does not exist).
 */
export function loadPositionPage(prisma: PrismaClient, user: SessionUser, propertyId: string) {
  return readInOneSnapshot(prisma, async (db) => {
    const position = await getPropertyPosition(db, user.id, propertyId);
    if (!position) return null;
    const id = position.propertyId;
    const [market, sell, distributions, received, updates, vault, value, exit] = await Promise.all([
      loadMarketplace(db, user, id),
      loadSellDialog(db, user, id),
      listPropertyDistributions(db, id),
      listReceivedDistributions(db, user.id, { propertyId: id }),
      listPropertyUpdates(db, id, user),
      listVault(db, user.id, id),
      loadPropertyValueView(db, id),
      getHolderExitView(db, id, user.id),
    ]);
    return { position, market, sell, distributions, received, updates, vault, value, exit };
  });
}
