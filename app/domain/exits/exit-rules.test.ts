import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { formatPerShareText } from "~/lib/per-share-text";
import { allocateExit, entryClassIrr, parseExitProposal, payoutPerShare } from "./exit-rules";

const proposal = {
  buyerName: "Kestrel Holdings LLP",
  salePrice: "1,00,000",
  costs: "2500.50",
  expectedCompletionDate: "2027-03-31",
  note: "",
};

describe("allocateExit", () => {
  it("pays each holder net × shares ÷ total shares rounded down, and the pay-outs plus the remainder are the net exactly", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.bigInt({ min: 1n, max: 10_000_000_000_000n }),
        (shares, unheld, netPaise) => {
          const total = shares.reduce((sum, n) => sum + n, 0) + unheld;
          const net = new Decimal(netPaise.toString()).div(100);
          const holdings = shares.map((n, i) => ({ userId: `u${i}`, shares: n }));
          const { payments, paid, remainder, eligibleShares } = allocateExit(net, total, holdings);
          expect(paid.plus(remainder).eq(net)).toBe(true);
          expect(remainder.gte(0)).toBe(true);
          expect(eligibleShares).toBe(total - unheld);
          for (const p of payments) {
            expect(p.amount.decimalPlaces()).toBeLessThanOrEqual(2);
            // Within a paisa of the exact pro-rata share, never above it.
            const exact = net.times(p.shares).div(total);
            expect(p.amount.lte(exact) && exact.minus(p.amount).lt("0.01")).toBe(true);
          }
          // When every share is held, only the floors' paise are left: less than a paisa per holder.
          if (unheld === 0) expect(remainder.lt(new Decimal("0.01").times(shares.length))).toBe(true);
        },
      ),
    );
  });

  it("keeps the part of shares no investor held in the remainder", () => {
    const { paid, remainder } = allocateExit("1000.00", 10, [{ userId: "a", shares: 3 }]);
    expect([paid.toFixed(2), remainder.toFixed(2)]).toEqual(["300.00", "700.00"]);
  });
});

describe("the pay-out per share", () => {
  it("is (price − costs) ÷ total shares, shown to the places it needs", () => {
    expect(payoutPerShare("100000", 3).toFixed(4)).toBe("33333.3333");
    expect(formatPerShareText(payoutPerShare("100000", 3))).toBe("₹33,333.3333");
    expect(formatPerShareText("240")).toBe("₹240.00");
    expect(formatPerShareText("12.345")).toBe("₹12.345");
  });
});

describe("parseExitProposal", () => {
  it("reads an admin's proposal with the one rupee parser", () => {
    const parsed = parseExitProposal(proposal);
    expect([parsed.salePrice.toFixed(2), parsed.costs.toFixed(2)]).toEqual(["100000.00", "2500.50"]);
  });

  it("refuses costs that leave nothing, and malformed amounts, naming the field", () => {
    expect(() => parseExitProposal({ ...proposal, costs: "1,00,000" })).toThrow(expect.objectContaining({ field: "costs", status: 400 }));
    expect(() => parseExitProposal({ ...proposal, salePrice: "1e7" })).toThrow(expect.objectContaining({ field: "salePrice" }));
    expect(() => parseExitProposal({ ...proposal, expectedCompletionDate: "2027-02-30" })).toThrow(
      expect.objectContaining({ field: "expectedCompletionDate" }),
    );
    expect(() => parseExitProposal({ ...proposal, buyerName: " " })).toThrow(expect.objectContaining({ field: "buyerName" }));
  });
});

describe("entryClassIrr", () => {
  it("is the yearly rate that equates the entry price with the distributions and the pay-out", () => {
    // ₹100 in, ₹110 back a year later: 10% a year.
    const rate = entryClassIrr({ entryPrice: "100", entryDate: new Date("2025-01-01T00:00:00Z"), shares: 1 }, [], {
      paidAt: new Date("2026-01-01T00:00:00Z"),
      perShare: "110",
    });
    expect(rate).toBeCloseTo(0.1, 6);
  });

  it("counts only distributions whose record date ended after the entry", () => {
    const entry = { entryPrice: "100", entryDate: new Date("2025-06-01T00:00:00Z"), shares: 1 };
    const before = { paidAt: new Date("2025-05-10T00:00:00Z"), recordEnd: new Date("2025-05-01T00:00:00Z"), perShare: "50" };
    const after = { paidAt: new Date("2025-12-10T00:00:00Z"), recordEnd: new Date("2025-12-01T00:00:00Z"), perShare: "5" };
    const exit = { paidAt: new Date("2026-06-01T00:00:00Z"), perShare: "100" };
    expect(entryClassIrr(entry, [before, after], exit)).toBeCloseTo(entryClassIrr(entry, [after], exit)!, 10);
    expect(entryClassIrr(entry, [after], exit)!).toBeGreaterThan(0);
  });
});
