import { describe, expect, it } from "vitest";
import { confirmHold, createBuyerHold } from "../../app/domain/market/buyer-holds.server";
import { readOwnOrdersAndHolds } from "../../app/domain/market/market-reads.server";
import { createMarket, newKey } from "../../app/domain/market/market-test-helpers";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { settleReservation } from "../../app/domain/market/settle-trades.server";
import type { PrismaClient } from "../../app/services/db.server";
import { readAcrossACommit } from "#tests/kit/lock-wait";
import { createInvestor, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

const db = useTestDatabase();

describe("a seller's orders and holds", () => {
  it("are read as of one moment: a settlement between the reads never shows the order's shares remaining with its reservation gone", async () => {
    const prisma = db.current.prisma;
    const { seller, property } = await createMarket(prisma, { sharePrice: "100" });
    const order = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: "10",
      pricePerShare: "120.00",
      idempotencyKey: newKey(),
    });
    const buyer = await createInvestor(prisma, { balance: "5000" });
    const admin = await createUser(prisma, { isAdmin: true });
    const hold = await createBuyerHold(prisma, { buyerId: buyer.id, orderId: order.orderId, shares: "4", idempotencyKey: newKey() });
    await confirmHold(prisma, { userId: buyer.id, holdId: hold.holdId, side: "buyer" });
    const { reservationId } = await confirmHold(prisma, { userId: seller.id, holdId: hold.holdId, side: "seller" });

    const before = await readOwnOrdersAndHolds(prisma, seller.id, { withHolds: true });
    expect(before.orders.map((o) => o.remainingShares)).toEqual([10]);
    expect(before.sellerHolds.map((h) => [h.shares, h.status])).toEqual([[4, "reserved"]]);

    // The admin's settlement, held uncommitted with the holds table locked: the orders read at
    // once, the holds wait, and the settlement commits between them.
    const reading = readAcrossACommit(db.current, {
      // A transaction's client sends the settlement's statements through Prisma, inside it.
      write: (tx) => settleReservation(tx as unknown as PrismaClient, { adminId: admin.id, reservationId: reservationId!, notes: "paid" }),
      lockedTable: "share_buyer_holds",
      read: () => readOwnOrdersAndHolds(prisma, seller.id, { withHolds: true }),
    });
    // As before the settlement: 10 remaining beside the 4 reserved, never 10 remaining and no hold.
    expect(await reading).toEqual(before);
    const after = await readOwnOrdersAndHolds(prisma, seller.id, { withHolds: true });
    expect(after.orders.map((o) => o.remainingShares)).toEqual([6]);
    expect(after.sellerHolds).toEqual([]);
  });
});
