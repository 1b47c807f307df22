import { describe, expect, it } from "vitest";
import { orderProgressText } from "./market-rules";

describe("an order's progress in the seller's list", () => {
  it("counts the shares still on offer while the order is open", () => {
    expect(orderProgressText({ status: "active", sharesToSell: 5, remainingShares: 3 })).toBe("3 of 5 shares remaining");
    expect(orderProgressText({ status: "pending", sharesToSell: 5, remainingShares: 5 })).toBe("5 of 5 shares remaining");
    expect(orderProgressText({ status: "active", sharesToSell: 1, remainingShares: 1 })).toBe("1 of 1 share remaining");
    expect(orderProgressText({ status: "active", sharesToSell: 150000, remainingShares: 120000 })).toBe(
      "1,20,000 of 1,50,000 shares remaining",
    );
  });

  it("counts what an ended order sold, and says the rest went unsold rather than remaining", () => {
    expect(orderProgressText({ status: "cancelled", sharesToSell: 5, remainingShares: 5 })).toBe("0 of 5 shares sold, 5 unsold");
    expect(orderProgressText({ status: "expired", sharesToSell: 5, remainingShares: 2 })).toBe("3 of 5 shares sold, 2 unsold");
    expect(orderProgressText({ status: "sold", sharesToSell: 5, remainingShares: 0 })).toBe("5 of 5 shares sold");
    expect(orderProgressText({ status: "completed", sharesToSell: 4, remainingShares: 0 })).toBe("4 of 4 shares sold");
    expect(orderProgressText({ status: "expired", sharesToSell: 1, remainingShares: 1 })).toBe("0 of 1 share sold, 1 unsold");
  });
});
