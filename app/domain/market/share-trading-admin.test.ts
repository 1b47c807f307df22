import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { getShareTradingOverview, setPropertyRoi, setShareSelling } from "./share-trading-admin.server";
import { createSellOrder } from "./sell-orders.server";
import { MarketError } from "./market-errors";
import { createMarket, newKey } from "./market-test-helpers";

const db = useTestDatabase();

describe("share-trading administration", () => {
  it("enabling selling funds the property with no shares left, alerts every holder and is audited; disabling only clears the flag", async () => {
    const { prisma } = db.current;
    const admin = await createUser(prisma, { isAdmin: true });
    const { property, seller } = await createMarket(prisma);
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: false } });

    await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: true });
    const enabled = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([enabled.sharesSellable, enabled.propertyStatus, enabled.availableShares]).toEqual([true, "funded", 0]);
    expect(await prisma.userAlert.count({ where: { userId: seller.id, alertType: "share_selling_enabled" } })).toBe(1);

    await setShareSelling(prisma, { adminId: admin.id, propertyId: property.id, enabled: false });
    const disabled = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([disabled.sharesSellable, disabled.propertyStatus]).toEqual([false, "funded"]);
    const audit = await prisma.adminAuditLog.findMany({ where: { targetId: property.id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["property.enable_share_selling", "property.disable_share_selling"]);
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
    await createSellOrder(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "4",
      pricePerShare: "125.50",
      idempotencyKey: newKey(),
    });
    const after = await getShareTradingOverview(prisma);
    expect(after.summary.activeOrders).toBe(before.summary.activeOrders + 1);
    expect(new Decimal(after.summary.activeValue).minus(before.summary.activeValue).toFixed(2)).toBe("502.00");
  });
});
