import { describe, expect, it } from "vitest";
import { purchaseCompleteToast, sellRequestCreatedToast, sharesReservedToast } from "./market-toasts";

describe("market toasts group numbers the Indian way", () => {
  it("writes a sell order's shares and price in lakhs", () => {
    expect(sellRequestCreatedToast({ shares: 125000, propertyTitle: "Harbour View Lofts", pricePerShare: "1250000" }).description).toBe(
      "1,25,000 shares of Harbour View Lofts listed at ₹12,50,000 per share for 30 days.",
    );
  });

  it("keeps paise only when the price has them", () => {
    expect(sellRequestCreatedToast({ shares: 1, propertyTitle: "Lakeside Court", pricePerShare: "104500.5" }).description).toBe(
      "1 share of Lakeside Court listed at ₹1,04,500.50 per share for 30 days.",
    );
  });

  it("writes a reservation's amount and shares in lakhs", () => {
    expect(sharesReservedToast({ amount: "2500000.00", shares: 300 }).description).toBe(
      "300 shares reserved for you: ₹25,00,000 is held until an admin settles the trade.",
    );
  });

  it("writes a purchase's share count in lakhs", () => {
    expect(purchaseCompleteToast({ shares: 100000 }).description).toBe(
      "Successfully purchased 1,00,000 shares. Shares added to your portfolio.",
    );
  });
});
