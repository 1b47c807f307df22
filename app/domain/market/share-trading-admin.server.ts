import { Decimal } from "~/lib/money";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { ADMIN_CHANNEL, marketChannel } from "~/lib/live-channels";
import { publishAll } from "~/services/realtime/publish.server";
import { marketError, MarketError } from "./market-errors";
import { tradingStoppedForExit } from "~/domain/exits/trading-stopped.server";
import { mayEnableResale, RESALE_NEEDS_ENDED_RAISE } from "./resale-rules";

const DAY = 86_400_000;

/** Everything /admin/share-trading shows (spec 001 §2.11, §7 Share trading) but the paged property table (listSellingSettings). */
export async function getShareTradingOverview(prisma: PrismaClient, now = new Date()) {
  const [orders, reservations, settled, buyOrders] = await Promise.all([
    prisma.shareSellRequest.findMany({
      where: { status: "active" },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: {
        id: true,
        remainingShares: true,
        sharesToSell: true,
        pricePerShare: true,
        expiresAt: true,
        property: { select: { title: true } },
        seller: { select: { fullName: true, email: true } },
      },
    }),
    prisma.shareReservation.findMany({
      where: { status: "active" },
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        shares: true,
        amount: true,
        expiresAt: true,
        property: { select: { title: true } },
        buyer: { select: { fullName: true, email: true } },
        seller: { select: { fullName: true, email: true } },
      },
    }),
    prisma.shareReservation.count({ where: { status: "settled", settledAt: { gte: new Date(now.getTime() - 30 * DAY) } } }),
    prisma.shareBuyOrder.findMany({
      where: { status: "active" },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: {
        id: true,
        remainingShares: true,
        sharesWanted: true,
        maxPrice: true,
        heldAmount: true,
        expiresAt: true,
        property: { select: { title: true } },
        buyer: { select: { fullName: true, email: true } },
      },
    }),
  ]);
  const activeValue = orders.reduce((sum, o) => sum.plus(o.pricePerShare.times(o.remainingShares)), new Decimal(0));
  const who = (p: { fullName: string | null; email: string }) => p.fullName ?? p.email;
  return {
    summary: {
      activeOrders: orders.length,
      activeValue: activeValue.toFixed(2),
      awaitingSettlement: reservations.length,
      settledLast30Days: settled,
    },
    orders: orders.map((o) => ({
      id: o.id,
      propertyTitle: o.property.title,
      seller: who(o.seller),
      remainingShares: o.remainingShares,
      sharesToSell: o.sharesToSell,
      pricePerShare: o.pricePerShare.toFixed(2),
      expiresAt: o.expiresAt.toISOString(),
    })),
    reservations: reservations.map((r) => ({
      id: r.id,
      propertyTitle: r.property.title,
      buyer: who(r.buyer),
      seller: who(r.seller),
      shares: r.shares,
      amount: r.amount.toFixed(2),
      expiresAt: r.expiresAt.toISOString(),
    })),
    buyOrders: buyOrders.map((o) => ({
      id: o.id,
      propertyTitle: o.property.title,
      buyer: who(o.buyer),
      remainingShares: o.remainingShares,
      sharesWanted: o.sharesWanted,
      maxPrice: o.maxPrice.toFixed(2),
      held: o.heldAmount.toFixed(2),
      expiresAt: o.expiresAt.toISOString(),
    })),
  };
}

/**
 * Turns share selling on or off for a property. Enabling is allowed only once the raise is
 * over (funded or closed) and changes nothing else: it never ends a raise, never marks a
 * property sold out and never withdraws unsold shares (ADR 0048). It tells every holder.
 * Disabling only clears the flag (open orders stay until they end).
 */
export async function setShareSelling(prisma: PrismaClient, input: { adminId: string; propertyId: string; enabled: boolean }) {
  return runTransaction(prisma, "market.set-share-selling", async (tx) => {
    const property = await tx.property.findUnique({
      where: { id: input.propertyId },
      select: { id: true, title: true, sharesSellable: true, propertyStatus: true },
    });
    if (!property) throw new MarketError("property_not_found", "Property not found", 404);
    if (input.enabled && (await tradingStoppedForExit(tx, property.id))) throw marketError("tradingStopped", 409);
    if (input.enabled && !mayEnableResale(property.propertyStatus)) {
      throw new MarketError("raise_still_open", RESALE_NEEDS_ENDED_RAISE, 409);
    }
    if (property.sharesSellable === input.enabled) {
      throw new MarketError("unchanged", `Share selling is already ${input.enabled ? "enabled" : "disabled"} for ${property.title}`, 409);
    }
    await tx.property.update({ where: { id: property.id }, data: { sharesSellable: input.enabled } });
    if (input.enabled) {
      const holders = await tx.userPropertyPosition.findMany({
        where: { propertyId: property.id, shares: { gt: 0 } },
        select: { userId: true },
      });
      for (const holder of holders) {
        await createUserAlert(tx, {
          userId: holder.userId,
          propertyId: property.id,
          alertType: "share_selling_enabled",
          title: "Share selling enabled",
          message: `You can now sell your shares of ${property.title} on the marketplace.`,
        });
      }
    }
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: input.enabled ? "property.enable_share_selling" : "property.disable_share_selling",
      targetType: "property",
      targetId: property.id,
      before: { sharesSellable: property.sharesSellable, propertyStatus: property.propertyStatus },
      after: { sharesSellable: input.enabled, propertyStatus: property.propertyStatus },
    });
    await publishAll(
      [
        { channel: marketChannel(property.id), type: "property", id: property.id },
        { channel: ADMIN_CHANNEL, type: "property", id: property.id },
      ],
      tx,
    );
    return { title: property.title };
  });
}

/**
 * The Set ROI dialog: funded properties only; 0–100 in steps of 0.1. Empty or zero stores
 * null, which hides ROI (spec 001). Says whether anything changed, so the page never
 * reports an update that did not happen.
 */
export async function setPropertyRoi(
  prisma: PrismaClient,
  input: { adminId: string; propertyId: string; roi: string },
): Promise<{ roi: string | null; changed: boolean }> {
  const text = input.roi.trim();
  const clears = text === "" || /^0*(\.0*)?$/.test(text);
  if (!clears && (!/^\d{1,3}(\.\d)?$/.test(text) || new Decimal(text).gt(100))) {
    throw new MarketError("invalid_roi", "ROI must be between 0 and 100, in steps of 0.1", 422, "roi");
  }
  const roi = clears ? null : new Decimal(text).toFixed(2);
  return runTransaction(prisma, "market.set-roi", async (tx) => {
    const [property] = await tx.$queryRaw<{ id: string; property_status: string; roi: string | null }[]>`
      SELECT id, property_status::text, actual_roi_percentage::text AS roi FROM properties WHERE id = ${input.propertyId} FOR UPDATE`;
    if (!property) throw new MarketError("property_not_found", "Property not found", 404);
    if (property.property_status !== "funded") throw new MarketError("not_funded", "ROI can be set for funded properties only", 409);
    const before = property.roi === null ? null : new Decimal(property.roi).toFixed(2);
    if (before === roi) return { roi, changed: false };
    await tx.property.update({ where: { id: property.id }, data: { actualRoiPercentage: roi } });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "property.set_roi",
      targetType: "property",
      targetId: property.id,
      before: { actualRoiPercentage: before },
      after: { actualRoiPercentage: roi },
    });
    return { roi, changed: true };
  });
}
