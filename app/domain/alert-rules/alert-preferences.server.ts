import { DomainError } from "~/domain/errors";
import type { Decimal } from "~/lib/money";
import { runTransaction, type Db, type PrismaClient, type Tx } from "~/services/db.server";
import type { AlertRule } from "./crossing";

/** What /dashboard/notifications shows in its settings: the choices and every watched property's price. */
export async function getAlertSettings(db: Db, userId: string) {
  const [preference, watched, prices] = await Promise.all([
    db.alertPreference.findUnique({ where: { userId } }),
    db.watchlistEntry.findMany({
      where: { userId },
      orderBy: { addedAt: "asc" },
      select: { propertyId: true, property: { select: { title: true } } },
    }),
    db.priceAlert.findMany({ where: { userId }, select: { propertyId: true, belowPrice: true } }),
  ]);
  const priceOf = new Map(prices.map((p) => [p.propertyId, p.belowPrice.toFixed(2)]));
  return {
    navMovePercent: preference?.navMovePercent?.toString() ?? null,
    distributionChanges: preference?.distributionChanges ?? false,
    statusLabelChanges: preference?.statusLabelChanges ?? false,
    watched: watched.map((w) => ({ propertyId: w.propertyId, title: w.property.title, belowPrice: priceOf.get(w.propertyId) ?? null })),
  };
}
export type AlertSettings = Awaited<ReturnType<typeof getAlertSettings>>;

export type AlertChoices = { navMovePercent: Decimal | null; distributionChanges: boolean; statusLabelChanges: boolean };

/**
 * Saves the investor's choices. A rule switched off forgets what it last observed, so switching
 * it on again starts from what it sees then, not from a change made while it was off.
 */
export async function saveAlertPreferences(db: PrismaClient, userId: string, choices: AlertChoices): Promise<void> {
  await runTransaction(db, "alert-rules.save-preferences", (tx) => saveAlertPreferencesIn(tx, userId, choices));
}

/** saveAlertPreferences inside a transaction the caller holds (the demo seed). */
export async function saveAlertPreferencesIn(tx: Tx, userId: string, choices: AlertChoices): Promise<void> {
  const data = {
    navMovePercent: choices.navMovePercent?.toFixed(2) ?? null,
    distributionChanges: choices.distributionChanges,
    statusLabelChanges: choices.statusLabelChanges,
  };
  await tx.alertPreference.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  const off: AlertRule[] = [
    ...(choices.navMovePercent === null ? (["nav_move"] as const) : []),
    ...(choices.distributionChanges ? [] : (["distribution_declared", "distribution_paused"] as const)),
    ...(choices.statusLabelChanges ? [] : (["status_label"] as const)),
  ];
  if (off.length > 0) await tx.alertRuleState.deleteMany({ where: { userId, rule: { in: off } } });
}

/**
 * Sets the price under which a listed share of a watched property alerts the investor. A new
 * price starts the rule afresh: a listing already below it alerts once at the next check.
 */
export async function setPriceAlert(db: PrismaClient, userId: string, propertyId: string, belowPrice: Decimal): Promise<void> {
  await runTransaction(db, "alert-rules.set-price", async (tx) => {
    const watched = await tx.watchlistEntry.findUnique({ where: { userId_propertyId: { userId, propertyId } }, select: { id: true } });
    if (!watched) throw new DomainError("not_watched", "Add the property to your watchlist first.", 404, "propertyId");
    const price = belowPrice.toFixed(2);
    await tx.priceAlert.upsert({
      where: { userId_propertyId: { userId, propertyId } },
      create: { userId, propertyId, belowPrice: price },
      update: { belowPrice: price },
    });
    await tx.alertRuleState.deleteMany({ where: { userId, propertyId, rule: "listing_below" } });
  });
}

/** Removes the investor's price on a property (nothing to remove is no error). */
export async function removePriceAlert(db: PrismaClient, userId: string, propertyId: string): Promise<void> {
  await runTransaction(db, "alert-rules.remove-price", async (tx) => {
    await tx.priceAlert.deleteMany({ where: { userId, propertyId } });
    await tx.alertRuleState.deleteMany({ where: { userId, propertyId, rule: "listing_below" } });
  });
}
