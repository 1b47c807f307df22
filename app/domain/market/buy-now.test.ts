import { Decimal } from "~/lib/money";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createUser } from "../../../tests/setup/factories";
import { buyListingNow } from "./buy-now.server";
import { placeBuyOrder } from "./buy-orders.server";
import { haltTrading } from "./market-halts.server";
import { DuplicateSubmitError, MarketError } from "./market-errors";
import { createInvestor, createMarket, newKey, position, wallet } from "./market-test-helpers";
import { createSellRequest } from "./sell-requests.server";
import { settleReservation } from "./settle-trades.server";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

async function refusal(promise: Promise<unknown>): Promise<MarketError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketError);
  return error as MarketError;
}

const ask = (sellerId: string, propertyId: string, shares: number, price: string) =>
  createSellRequest(db.current.prisma, { sellerId, propertyId, shares: String(shares), pricePerShare: price, idempotencyKey: newKey() });

const buyNow = (buyerId: string, orderId: string, shares: number, instant: boolean, key = newKey()) =>
  buyListingNow(db.current.prisma, { buyerId, orderId, shares: String(shares), idempotencyKey: key }, { instant });

describe("Buy Now on a listing: a marketable buy order for that listing", () => {
  it("flag on: fills from the listing as a reservation both orders confirmed, which an admin settles once", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const listing = await ask(seller.id, property.id, 10, "110");
    const buyer = await createInvestor(prisma, { balance: "1000" });
    const bought = await buyNow(buyer.id, listing.orderId, 4, false);
    expect(bought).toMatchObject({ shares: 4, amount: "440.00", pricePerShare: "110.00", settled: false });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "560.00", held: "440.00" });

    const order = await prisma.shareBuyOrder.findUniqueOrThrow({ where: { id: bought.buyOrderId } });
    expect([order.status, order.remainingShares, order.heldAmount.toFixed(2), order.maxPrice.toFixed(2)]).toEqual([
      "filled",
      0,
      "0.00",
      "110.00",
    ]);
    const fill = await prisma.shareFill.findFirstOrThrow({ where: { buyOrderId: bought.buyOrderId } });
    expect([fill.sellOrderId, fill.shares, fill.pricePerShare.toFixed(2)]).toEqual([listing.orderId, 4, "110.00"]);
    const hold = await prisma.shareBuyerHold.findUniqueOrThrow({ where: { id: fill.holdId! } });
    expect([hold.holdStatus, hold.buyerConfirmed, hold.sellerConfirmed, hold.amount.toFixed(2)]).toEqual([
      "reserved",
      true,
      true,
      "440.00",
    ]);
    const alert = await prisma.userAlert.findFirstOrThrow({ where: { userId: seller.id, alertType: "shares_reserved" } });
    expect(alert.message).toContain("4 shares of Baner Heights for ₹440.00");

    const reservation = await prisma.shareReservation.findFirstOrThrow({ where: { holdId: hold.id } });
    const admin = await createUser(prisma, { isAdmin: true });
    const sellerBefore = await wallet(prisma, seller.id);
    const settled = await Promise.allSettled(
      [1, 2].map(() => settleReservation(prisma, { adminId: admin.id, reservationId: reservation.id, notes: "paid" })),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "560.00", held: "0.00" });
    expect((await wallet(prisma, seller.id)).available).toBe(new Decimal(sellerBefore.available).plus(440).toFixed(2));
    expect(await position(prisma, buyer.id, property.id)).toEqual({ shares: 4, committed: 0 });
  });

  it("flag off: settles at once, and a repeated form changes nothing", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const listing = await ask(seller.id, property.id, 3, "95.50");
    const buyer = await createInvestor(prisma, { balance: "1000" });
    const key = newKey();
    const bought = await buyNow(buyer.id, listing.orderId, 3, true, key);
    expect(bought).toMatchObject({ shares: 3, amount: "286.50", settled: true });
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "713.50", held: "0.00" });
    expect(await position(prisma, buyer.id, property.id)).toEqual({ shares: 3, committed: 0 });
    const sold = await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: listing.orderId } });
    expect([sold.remainingShares, sold.status]).toEqual([0, "completed"]);
    const again = await buyNow(buyer.id, listing.orderId, 3, true, key).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DuplicateSubmitError);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "713.50", held: "0.00" });
  });

  it("refuses in the spec's words, with nothing written: own listing, explorer, too many shares, a short wallet, a halt", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma);
    const listing = await ask(seller.id, property.id, 5, "100");
    expect((await refusal(buyNow(seller.id, listing.orderId, 1, false))).message).toBe("You cannot buy from your own sell order.");
    const explorer = await createUser(prisma, { balance: "5000" });
    expect((await refusal(buyNow(explorer.id, listing.orderId, 1, false))).message).toBe(
      "You must be a waitlist player or higher to purchase shares. Please upgrade your account.",
    );
    const buyer = await createInvestor(prisma, { balance: "300" });
    expect((await refusal(buyNow(buyer.id, listing.orderId, 6, false))).message).toBe("Only 5 shares are available");
    expect((await refusal(buyNow(buyer.id, listing.orderId, 4, false))).message).toContain("₹400.00");
    const admin = await createUser(prisma, { isAdmin: true });
    await haltTrading(prisma, { adminId: admin.id, propertyId: property.id, reason: "Audit" });
    const halted = await refusal(buyNow(buyer.id, listing.orderId, 1, false));
    expect([halted.status, halted.message]).toEqual([409, "Trading in this property is halted. Please try again once it resumes."]);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "300.00", held: "0.00" });
    expect(await prisma.shareBuyOrder.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it("takes the listing the buyer chose at its price, and leaves the resting bids and other asks as they were", async () => {
    const { prisma } = db.current;
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const cheaper = await ask(seller.id, property.id, 2, "95");
    const chosen = await ask(seller.id, property.id, 2, "105");
    const bidder = await createInvestor(prisma, { balance: "1000" });
    const resting = await placeBuyOrder(
      prisma,
      { buyerId: bidder.id, propertyId: property.id, shares: "1", maxPrice: "90", idempotencyKey: newKey() },
      { instant: false },
    );
    const buyer = await createInvestor(prisma, { balance: "1000" });
    await buyNow(buyer.id, chosen.orderId, 2, true);
    const [c, ch] = await Promise.all(
      [cheaper.orderId, chosen.orderId].map((id) => prisma.shareSellRequest.findUniqueOrThrow({ where: { id } })),
    );
    expect([c!.remainingShares, ch!.remainingShares]).toEqual([2, 0]);
    const bid = await prisma.shareBuyOrder.findUniqueOrThrow({ where: { id: resting.orderId } });
    expect([bid.status, bid.remainingShares]).toEqual(["active", 1]);
    expect(await wallet(prisma, buyer.id)).toEqual({ available: "790.00", held: "0.00" });
  });
});
