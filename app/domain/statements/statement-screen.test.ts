import { describe, expect, it } from "vitest";
import { buildStatement } from "./statement-figures";
import { statementOnScreen } from "./statement-screen";

/** A year with 60 deposits, 30 distributions and no sales, built by the statement's own rules. */
function busyYear() {
  const movements = Array.from({ length: 60 }, (_, i) => ({
    at: new Date(Date.UTC(2025, 4, 1, 10, i)).toISOString(),
    kind: "Deposit",
    description: `Deposit ${i}`,
    amount: "100.00",
  }));
  const distributions = Array.from({ length: 30 }, (_, i) => ({
    at: new Date(Date.UTC(2025, 5, 1, 10, i)).toISOString(),
    propertyTitle: `Harbour View ${i}`,
    shares: 2,
    amount: "50.00",
  }));
  return buildStatement({
    startYear: 2025,
    investor: { name: "Asha Rao", email: "asha@example.in" },
    openingBalance: "0.00",
    movements,
    platformFees: ["10.00", "20.00"],
    trades: [],
    distributions,
    now: new Date(Date.UTC(2026, 5, 1)),
  });
}

describe("the statement on screen (issue 37)", () => {
  it("keeps the summary whole, pages the distributions and sends no movement lines", () => {
    const whole = busyYear();
    const first = statementOnScreen(whole, { sales: 1, distributions: 1 }, 25);
    expect(first).not.toHaveProperty("movements");
    expect(first).not.toHaveProperty("platformFees");
    expect([first.movementCount, first.feeReceiptCount]).toEqual([60, 2]);
    expect([first.totalIn, first.closingBalance, first.distributionsTotal]).toEqual([
      whole.totalIn,
      whole.closingBalance,
      whole.distributionsTotal,
    ]);
    expect(first.distributions).toEqual(whole.distributions.slice(0, 25));
    expect(first.distributionsPage).toEqual({ page: 1, pageCount: 2, total: 30 });

    const second = statementOnScreen(whole, { sales: 1, distributions: 2 }, 25);
    expect(second.distributions).toEqual(whole.distributions.slice(25));
    // A page past the end, or nonsense, is the nearest real page.
    expect(statementOnScreen(whole, { sales: 9, distributions: 9 }, 25).distributionsPage.page).toBe(2);
    expect(statementOnScreen(whole, { sales: Number.NaN, distributions: -3 }, 25).distributionsPage.page).toBe(1);
    expect(first.salesPage).toEqual({ page: 1, pageCount: 1, total: 0 });
  });

  it("pages the holdings, keeping their total value whole", () => {
    const year = busyYear();
    const holdings = Array.from({ length: 60 }, (_, i) => ({ ...year.holdings[0], propertyId: `p-${i}`, propertyTitle: `Holding ${i}` }));
    const whole = { ...year, holdings } as typeof year;
    const third = statementOnScreen(whole, { sales: 1, distributions: 1, holdings: 3 }, 25);
    expect(third.holdings.map((h) => h.propertyTitle)).toEqual(holdings.slice(50).map((h) => h.propertyTitle));
    expect(third.holdingsPage).toEqual({ page: 3, pageCount: 3, total: 60 });
    expect(third.holdingsValue).toBe(whole.holdingsValue);
    expect(statementOnScreen(whole, { sales: 1, distributions: 1 }, 25).holdings).toHaveLength(25);
  });
});
