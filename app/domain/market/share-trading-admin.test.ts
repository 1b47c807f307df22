import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { getShareTradingOverview, setPropertyRoi, setShareSelling } from "./share-trading-admin.server";
import { cancelSellRequest, createSellRequest } from "./sell-requests.server";
import { MarketError } from "./market-errors";
import { createMarket, newKey } from "./market-test-helpers";

const db = useTestDatabase();

describe("share-trading administration", () => {
  it("refuses to enable selling while the raise is open, and changes nothing (ADR 0048)", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true });
    const { property, seller } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false } });
    const before = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([before.propertyStatus, before.availableShares > 0]).toEqual(["open", true]);

    const refusal = await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: true }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MarketError);
    expect((refusal as MarketError).status).toBe(409);
    expect((refusal as MarketError).message).toMatch(/only on a funded or closed property/);
    const after = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([after.sharesSellable, after.propertyStatus, after.availableShares]).toEqual([false, "open", before.availableShares]);
    expect(await prisma.userAlert.count({ where: { userId: seller.id, alertType: "share_selling_enabled" } })).toBe(0);
    expect(await prisma.adminAuditLog.count({ where: { targetId: property.id } })).toBe(0);
  });

  it("enabling selling on a funded or closed property only sets the flag, alerts every holder and is audited; disabling only clears it", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true });
    const { property, seller } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false, propertyStatus: "closed" } });
    const { availableShares } = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });

    await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: true });
    const enabled = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([enabled.sharesSellable, enabled.propertyStatus, enabled.availableShares]).toEqual([true, "closed", availableShares]);
    expect(await prisma.userAlert.count({ where: { userId: seller.id, alertType: "share_selling_enabled" } })).toBe(1);
    // A second enable changed nothing, so it is not reported as done.
    await expect(setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: true })).rejects.toThrow(/already enabled/);

    await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: false });
    const disabled = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([disabled.sharesSellable, disabled.propertyStatus]).toEqual([false, "closed"]);
    const audit = await prisma.adminAuditLog.findMany({ where: { targetId: property.id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["property.enable_share_selling", "property.disable_share_selling"]);

    const funded = await createProperty(prisma, { status: "funded" });
    await setShareSelling(prisma, { adminId: admin.id, propertyId: funded.id, enabled: true });
    expect((await prisma.property.findUniqueOrThrow({ where: { id: funded.id } })).sharesSellable).toBe(true);
  });

  it("sets ROI for funded properties only, 0–100 in steps of 0.1; empty or zero stores null (hides ROI) and says what changed", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true });
    const open = await createProperty(prisma);
    const funded = await createProperty(prisma, { status: "funded" });
    const roiOf = async () =>
      (await prisma.property.findUniqueOrThrow({ where: { id: funded.id } })).actualRoiPercentage?.toFixed(1) ?? null;
    const audited = () => prisma.adminAuditLog.count({ where: { targetId: funded.id, action: "property.set_roi" } });
    // Nothing to clear yet: nothing stored, and the outcome says so.
    expect(await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "" })).toEqual({ roi: null, changed: false });
    await expect(setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "100.5" })).rejects.toBeInstanceOf(MarketError);
    await expect(setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "8.25" })).rejects.toBeInstanceOf(MarketError);
    await expect(setPropertyRoi(prisma, { adminId: admin.id, propertyId: open.id, roi: "8.5" })).rejects.toThrow(
      "ROI can be set for funded properties only",
    );
    expect(await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "8.5" })).toEqual({ roi: "8.50", changed: true });
    expect(await roiOf()).toBe("8.5");
    expect(await audited()).toBe(1);
    expect(await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "8.5" })).toEqual({ roi: "8.50", changed: false });
    expect(await audited()).toBe(1);

    // Zero clears the stored ROI (spec 001: empty or zero is stored as null, which hides ROI).
    expect(await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "0" })).toEqual({ roi: null, changed: true });
    expect(await roiOf()).toBeNull();
    expect(await audited()).toBe(2);
    await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: "7" });
    expect(await setPropertyRoi(prisma, { adminId: admin.id, propertyId: funded.id, roi: " " })).toEqual({ roi: null, changed: true });
    expect(await roiOf()).toBeNull();
  });

  it("summarises active orders with their value", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const before = await getShareTradingOverview(prisma);
    await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "4",
      pricePerShare: "115.50",
      idempotencyKey: newKey(),
    });
    const after = await getShareTradingOverview(prisma);
    expect(after.summary.activeOrders).toBe(before.summary.activeOrders + 1);
    expect(new Decimal(after.summary.activeValue).minus(before.summary.activeValue).toFixed(2)).toBe("462.00");
  });

  it("counts every active order in its cards and pages the list by expiry through a cursor, skipping nothing when the cursor's order ends", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const order = await createSellRequest(prisma, {
        sellerId: seller.id,
        propertyId: property.id,
        shares: "1",
        pricePerShare: `${101 + i}.00`,
        idempotencyKey: newKey(),
      });
      ids.push(order.orderId);
    }
    const active = await prisma.shareSellRequest.findMany({ where: { status: "active" }, orderBy: [{ expiresAt: "asc" }, { id: "asc" }] });
    const soonestFirst = active.map((o) => o.id);
    expect(soonestFirst.length).toBeGreaterThanOrEqual(7);
    const worth = active.reduce((sum, o) => sum.plus(o.pricePerShare.times(o.remainingShares)), new Decimal(0));
    const page = (sell: { after: string } | { before: string } | null) =>
      getShareTradingOverview(prisma, new Date(), { sell, buy: null, reservations: null }, 3);

    const first = await page(null);
    // The cards count every active order, though the list shows three.
    expect(first.summary.activeOrders).toBe(soonestFirst.length);
    expect(first.summary.activeValue).toBe(worth.toFixed(2));
    const bids = await prisma.shareBuyOrder.findMany({ where: { status: "active" } });
    expect(first.summary.activeBuyOrders).toBe(bids.length);
    expect(first.summary.buyOrdersHeld).toBe(bids.reduce((sum, o) => sum.plus(o.heldAmount), new Decimal(0)).toFixed(2));
    expect(first.orders.map((o) => o.id)).toEqual(soonestFirst.slice(0, 3));

    // The order the Next link points from is cancelled before the admin follows it.
    await cancelSellRequest(prisma, { sellerId: seller.id, orderId: first.cursors.sell.next! });
    const second = await page({ after: first.cursors.sell.next! });
    expect(second.cursorFound.sell).toBe(true);
    expect(second.orders.map((o) => o.id)).toEqual(soonestFirst.slice(3, 6));
    expect(second.summary.activeOrders).toBe(soonestFirst.length - 1);
    const third = await page({ after: second.cursors.sell.next! });
    expect(third.orders.map((o) => o.id)).toEqual(soonestFirst.slice(6));

    const back = await page({ before: third.cursors.sell.previous! });
    expect(back.orders.map((o) => o.id)).toEqual(soonestFirst.slice(3, 6));
    // A cursor naming no order starts the list again.
    const unknown = await page({ after: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.cursorFound.sell).toBe(false);
    expect(unknown.orders.map((o) => o.id)).toEqual([soonestFirst[0], soonestFirst[1], soonestFirst[3]]);
    expect(soonestFirst).toEqual(expect.arrayContaining(ids));
  });
});
