import { Decimal } from "~/lib/money";
import { runTransaction, type Prisma, type PrismaClient } from "~/services/db.server";
import type { PageDirection } from "~/domain/admin/list-cursor";
import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { ADMIN_CHANNEL, marketChannel } from "~/lib/live-channels";
import { publishAll } from "~/services/realtime/publish.server";
import { marketError, MarketError } from "./market-errors";
import { tradingStoppedForExit } from "~/domain/exits/trading-stopped.server";
import { mayEnableResale, RESALE_NEEDS_ENDED_RAISE } from "./resale-rules";

const DAY = 86_400_000;

export const MARKET_ADMIN_PAGE_SIZE = 50;

/** Where each of the page's three order lists stands: a keyset cursor each (issue 37). */
export type MarketListDirections = { sell: PageDirection; buy: PageDirection; reservations: PageDirection };

type ExpiryKey = { id: string; expiresAt: Date } | null;

/**
 * A list ordered by expiry, soonest first (the order an admin acts in), then id, read a page
 * at a time from the row a cursor names, forwards or backwards, through the (status,
 * expires_at) indexes. The cursor's place is read from its own row, which may have filled or
 * expired since: the page then still starts right after (or before) where it stood, without
 * Prisma's `cursor`, whose `skip: 1` would drop a live row instead.
 */
function expiryPage(key: ExpiryKey, direction: PageDirection, size: number) {
  const backwards = !!direction && "before" in direction;
  const order = backwards ? ("desc" as const) : ("asc" as const);
  const beyond = backwards ? "lt" : "gt";
  return {
    where: {
      status: "active" as const,
      ...(key ? { OR: [{ expiresAt: { [beyond]: key.expiresAt } }, { expiresAt: key.expiresAt, id: { [beyond]: key.id } }] } : {}),
    },
    orderBy: [{ expiresAt: order }, { id: order }],
    take: size,
  };
}

const cursorId = (direction: PageDirection) => (direction ? ("after" in direction ? direction.after : direction.before) : null);
const inOrder = <T>(rows: T[], direction: PageDirection) => (direction && "before" in direction ? rows.reverse() : rows);

/** The first and last ids shown, for the list's Previous and Next links. */
const cursorsOf = (rows: { id: string }[]) => ({ previous: rows[0]?.id ?? null, next: rows[rows.length - 1]?.id ?? null });

/**
 * Everything /admin/share-trading shows (spec 001 §2.11, §7 Share trading) but the paged
 * property table (listSellingSettings). The three cards count every active order and
 * reservation in the database; the lists are read a page at a time, so a market with tens of
 * thousands of open orders neither hides the oldest ones nor reads them all.
 */
export async function getShareTradingOverview(
  prisma: PrismaClient,
  now = new Date(),
  directions: MarketListDirections = { sell: null, buy: null, reservations: null },
  size = MARKET_ADMIN_PAGE_SIZE,
) {
  const keyOf = async (read: Promise<{ id: string; expiresAt: Date } | null>, direction: PageDirection): Promise<ExpiryKey> =>
    cursorId(direction) ? read : null;
  const byId = (direction: PageDirection) => ({ where: { id: cursorId(direction) ?? undefined }, select: { id: true, expiresAt: true } });
  const [sellKey, buyKey, reservationKey] = await Promise.all([
    keyOf(prisma.shareSellRequest.findFirst(byId(directions.sell)), directions.sell),
    keyOf(prisma.shareBuyOrder.findFirst(byId(directions.buy)), directions.buy),
    keyOf(prisma.shareReservation.findFirst(byId(directions.reservations)), directions.reservations),
  ]);
  const [totals, sellRows, reservationRows, settled, buyRows] = await Promise.all([
    prisma.$queryRaw<
      { sell_orders: bigint; sell_value: Prisma.Decimal; buy_orders: bigint; buy_held: Prisma.Decimal; reservations: bigint }[]
    >`
      SELECT (SELECT count(*) FROM share_sell_requests WHERE status = 'active') AS sell_orders,
             (SELECT coalesce(sum(price_per_share * remaining_shares), 0) FROM share_sell_requests WHERE status = 'active') AS sell_value,
             (SELECT count(*) FROM share_buy_orders WHERE status = 'active') AS buy_orders,
             (SELECT coalesce(sum(held_amount), 0) FROM share_buy_orders WHERE status = 'active') AS buy_held,
             (SELECT count(*) FROM share_reservations WHERE status = 'active') AS reservations`,
    prisma.shareSellRequest.findMany({
      ...expiryPage(sellKey, directions.sell, size),
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
      ...expiryPage(reservationKey, directions.reservations, size),
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
      ...expiryPage(buyKey, directions.buy, size),
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
  const orders = inOrder(sellRows, directions.sell);
  const buyOrders = inOrder(buyRows, directions.buy);
  const reservations = inOrder(reservationRows, directions.reservations);
  const total = totals[0]!;
  const who = (p: { fullName: string | null; email: string }) => p.fullName ?? p.email;
  return {
    summary: {
      activeOrders: Number(total.sell_orders),
      activeValue: new Decimal(total.sell_value.toString()).toFixed(2),
      activeBuyOrders: Number(total.buy_orders),
      buyOrdersHeld: new Decimal(total.buy_held.toString()).toFixed(2),
      awaitingSettlement: Number(total.reservations),
      settledLast30Days: settled,
    },
    pageSize: size,
    /** Whether each list's cursor named an order it knows; if not, the list starts again at its first page. */
    cursorFound: { sell: !!sellKey, buy: !!buyKey, reservations: !!reservationKey },
    cursors: { sell: cursorsOf(orders), buy: cursorsOf(buyOrders), reservations: cursorsOf(reservations) },
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
