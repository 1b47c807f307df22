import { describe, expect, it } from "vitest";
import { setSubscription } from "~/domain/admin/users/manage-user.server";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { getPremiumPrice, getPremiumQuote, setPremiumPrice } from "./premium-price.server";
import { endLapsedSubscriptions, getOwnSubscription } from "./subscription-periods.server";

const db = useTestDatabase();
const GSTIN = "29AAAAA0000A1Z5";

describe("the Premium price setting", () => {
  it("starts at ₹999 for 12 months; an admin's change is a new row, audited, and what every surface quotes", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const before = await getPremiumQuote(prisma, GSTIN, null);
    expect([before.price, before.months, before.taxable, before.heads.map((h) => [h.name, h.amount])]).toEqual([
      "999.00",
      12,
      "846.61",
      [
        ["CGST", "76.20"],
        ["SGST", "76.19"],
      ],
    ]);
    await setPremiumPrice(prisma, { adminId: admin.id, price: "1,499", months: "6" });
    const after = await getPremiumPrice(prisma);
    expect([after.price.toFixed(2), after.months]).toEqual(["1499.00", 6]);
    expect((await getPremiumQuote(prisma, GSTIN, null)).price).toBe("1499.00");
    const audit = await prisma.adminAuditLog.findFirstOrThrow({ where: { action: "premium.set_price" } });
    expect(audit.details).toMatchObject({ before: { price: "999.00", months: 12 }, after: { price: "1499.00", months: 6 } });
  });

  it("splits the GST by the investor's state on record, and by the supplier's own for a visitor or an investor without one", async () => {
    const prisma = db.current.prisma;
    const quote = (userId: string | null) => getPremiumQuote(prisma, GSTIN, userId);
    const heads = async (userId: string | null) => (await quote(userId)).heads.map((h) => h.name);
    const local = await createUser(prisma);
    const away = await createUser(prisma);
    const unknown = await createUser(prisma);
    await prisma.userProfile.update({ where: { id: local.id }, data: { stateCode: "29" } });
    await prisma.userProfile.update({ where: { id: away.id }, data: { stateCode: "27" } });
    expect(await heads(away.id)).toEqual(["IGST"]);
    expect(await heads(local.id)).toEqual(["CGST", "SGST"]);
    expect(await heads(unknown.id)).toEqual(["CGST", "SGST"]);
    expect(await quote(null)).toEqual(await quote(local.id));
    const inter = await quote(away.id);
    expect([inter.price, inter.heads[0]!.amount]).toEqual([(await quote(null)).price, inter.gst]);
  });

  it("refuses a bad price or period with the field's message, and an unchanged one", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    await expect(setPremiumPrice(prisma, { adminId: admin.id, price: "1e3", months: "12" })).rejects.toMatchObject({
      status: 400,
      field: "price",
    });
    await expect(setPremiumPrice(prisma, { adminId: admin.id, price: "999", months: "0" })).rejects.toMatchObject({
      status: 400,
      field: "months",
    });
    const current = await getPremiumPrice(prisma);
    await expect(
      setPremiumPrice(prisma, { adminId: admin.id, price: current.price.toFixed(2), months: String(current.months) }),
    ).rejects.toMatchObject({ status: 409, code: "price_unchanged" });
  });
});

describe("waivers", () => {
  it("an admin's activation is a waiver without an end date that never lapses; deactivation ends it", async () => {
    const prisma = db.current.prisma;
    const admin = await createUser(prisma, { isAdmin: true });
    const user = await createUser(prisma);
    await setSubscription(prisma, { adminId: admin.id, userId: user.id, active: true });
    const own = await getOwnSubscription(prisma, user.id);
    expect([own.active, own.waiver, own.endsAt, own.periods.map((p) => p.source)]).toEqual([true, true, null, ["waiver"]]);
    expect((await endLapsedSubscriptions(prisma, new Date(Date.now() + 5 * 365 * 86_400_000))).subscriptionsEnded).toBe(0);

    await setSubscription(prisma, { adminId: admin.id, userId: user.id, active: false });
    const ended = await getOwnSubscription(prisma, user.id);
    expect([ended.active, ended.waiver, ended.periods.map((p) => p.cancelled)]).toEqual([false, false, [true]]);
    // Both decisions are in the audit log, by the admin who took them.
    const audit = await prisma.adminAuditLog.findMany({ where: { targetId: user.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.adminId])).toEqual([
      ["user.subscription_activate", admin.id],
      ["user.subscription_deactivate", admin.id],
    ]);
  });
});
