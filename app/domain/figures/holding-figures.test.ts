import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "~/lib/money";
import { holdingFigures, portfolioFigures, portfolioTotals, type FigureTrade } from "./holding-figures";

const trade = (id: string, kind: "buy" | "sell", shares: number, amount: string, fee = "0", propertyId = "p1"): FigureTrade => ({
  id,
  propertyId,
  kind,
  shares,
  amount,
  fee,
  at: `2026-0${id}-01T00:00:00.000Z`,
});

describe("holdingFigures", () => {
  it("keeps the running average over buys and realises profit on sales at average cost", () => {
    const [holding] = holdingFigures(
      [trade("1", "buy", 2, "2000"), trade("2", "buy", 1, "1300"), trade("3", "sell", 1, "1500"), trade("4", "sell", 2, "1800")],
      [],
      new Map(),
    );
    expect(holding!.history.map((row) => [row.sharesAfter, row.averagePrice, row.realisedProfit])).toEqual([
      [2, "1000.00", null],
      [3, "1100.00", null],
      [2, "1100.00", "400.00"],
      [0, "0.00", "-400.00"],
    ]);
  });

  it("rounds the average to the paisa without losing the remainder from the cost", () => {
    const [holding] = holdingFigures([trade("1", "buy", 3, "1000"), trade("2", "sell", 1, "333.33")], [], new Map());
    expect(holding!.history[0]?.averagePrice).toBe("333.33");
    expect(holding!.history[1]?.realisedProfit).toBe("0.00");
    expect(holding!.history[1]?.averagePrice).toBe("333.34");
  });

  it("counts the purchase fee in what was invested and in the cost of a sale, and the sale's fee out of its proceeds", () => {
    // 3 shares for ₹27,000 plus a ₹540 fee; 1 sold for ₹10,000 less a ₹200 fee: cost ₹9,180, cash gain ₹620.
    const [holding] = holdingFigures(
      [trade("1", "buy", 3, "27000", "540"), trade("2", "sell", 1, "10000", "200")],
      [{ propertyId: "p1", amount: "1500" }],
      new Map([["p1", "9500"]]),
    );
    expect(holding).toMatchObject({
      shares: 2,
      invested: "18360.00",
      averagePrice: "9180.00",
      currentValue: "19000.00",
      unrealised: "640.00",
      realised: "620.00",
      distributions: "1500.00",
      totalReturn: "2760.00",
    });
    expect(portfolioFigures([holding!])).toEqual({
      invested: "18360.00",
      currentValue: "19000.00",
      unrealised: "640.00",
      realised: "620.00",
      distributions: "1500.00",
      lifetimeReturn: "2760.00",
      activeProperties: 1,
    });
  });
});

describe("portfolioTotals", () => {
  const history = fc.array(
    fc.record({
      property: fc.constantFrom("p1", "p2", "p3"),
      kind: fc.constantFrom<"buy" | "sell">("buy", "buy", "sell"),
      shares: fc.integer({ min: 0, max: 40 }),
      paise: fc.integer({ min: 0, max: 50_000_000 }),
      feePaise: fc.integer({ min: 0, max: 90_000 }),
      second: fc.integer({ min: 0, max: 59 }),
    }),
    { maxLength: 60 },
  );
  const paise = (value: number) => new Decimal(value).div(100).toFixed(2);
  type Row = { property: string; kind: "buy" | "sell"; shares: number; paise: number; feePaise: number; second: number };
  const tradesAndDividends = (rows: Row[], paid: { property: string; paise: number }[]) => ({
    trades: rows.map((row, index): FigureTrade => ({
      id: `t${String(index).padStart(3, "0")}`,
      propertyId: row.property,
      kind: row.kind,
      shares: row.shares,
      amount: paise(row.paise),
      fee: paise(row.feePaise),
      at: `2026-06-01T10:00:${String(row.second).padStart(2, "0")}.000Z`,
    })),
    dividends: paid.map((row) => ({ propertyId: row.property, amount: paise(row.paise) })),
  });

  it("equals the sums of every holding's written figures, whatever the trades, dividends and prices", () => {
    fc.assert(
      fc.property(
        history,
        fc.array(fc.record({ property: fc.constantFrom("p1", "p2", "p4"), paise: fc.integer({ min: 0, max: 9_000_000 }) }), {
          maxLength: 8,
        }),
        // Prices with up to four decimals (a NAV per share), so values need rounding to the paisa.
        fc.array(fc.integer({ min: 0, max: 99_999_999 }), { minLength: 4, maxLength: 4 }),
        (rows, paid, tenThousandths) => {
          const { trades, dividends } = tradesAndDividends(rows, paid);
          const prices = new Map(["p1", "p2", "p3", "p4"].map((id, i) => [id, new Decimal(tenThousandths[i]!).div(10_000).toFixed(4)]));
          expect(portfolioTotals(trades, dividends, prices)).toEqual(portfolioFigures(holdingFigures(trades, dividends, prices)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("equals them too when some or all prices are to the paisa (the holdings summed without rounding)", () => {
    fc.assert(
      fc.property(
        history,
        fc.array(fc.record({ property: fc.constantFrom("p1", "p2", "p4"), paise: fc.integer({ min: 0, max: 9_000_000 }) }), {
          maxLength: 8,
        }),
        // Each property's price either to the paisa (as every valuation gives) or to four places.
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 999_999 }).map((p) => paise(p)),
            fc.integer({ min: 0, max: 99_999_999 }).map((t) => new Decimal(t).div(10_000).toFixed(4)),
          ),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
        (rows, paid, priceList) => {
          const { trades, dividends } = tradesAndDividends(rows, paid);
          const prices = new Map(["p1", "p2", "p3", "p4"].map((id, i) => [id, priceList[i]!]));
          expect(portfolioTotals(trades, dividends, prices)).toEqual(portfolioFigures(holdingFigures(trades, dividends, prices)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("equals them for holdings only ever bought (summed as whole paise), their figures written in any way", () => {
    // Amounts and fees as the database writes them ("1200.50"), shortest ("1200.5", "1200"), a fee
    // with its sign ("-24.00"), and now and then four places, which no longer counts as whole paise.
    const written = (paiseValue: number, style: number) => {
      const rupeesValue = new Decimal(paiseValue).div(100);
      if (style === 0) return rupeesValue.toFixed(2);
      if (style === 1) return rupeesValue.toString();
      if (style === 2) return rupeesValue.neg().toFixed(2);
      return rupeesValue.toFixed(4);
    };
    const properties = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            property: fc.constantFrom(...properties),
            sell: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
            shares: fc.integer({ min: 0, max: 40 }),
            paise: fc.integer({ min: 0, max: 50_000_000 }),
            feePaise: fc.integer({ min: 0, max: 90_000 }),
            style: fc.integer({ min: 0, max: 12 }).map((n) => (n < 3 ? n : n === 12 ? 3 : 0)),
            second: fc.integer({ min: 0, max: 59 }),
          }),
          { maxLength: 80 },
        ),
        fc.array(fc.record({ property: fc.constantFrom(...properties), paise: fc.integer({ min: 0, max: 9_000_000 }) }), { maxLength: 2 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 12 })), { minLength: 8, maxLength: 8 }),
        (rows, paid, priceList) => {
          const trades = rows.map((row, index): FigureTrade => ({
            id: `t${String(index).padStart(3, "0")}`,
            propertyId: row.property,
            kind: row.sell ? "sell" : "buy",
            shares: row.shares,
            amount: written(row.paise, row.style === 2 ? 0 : row.style),
            fee: written(row.feePaise, row.style),
            at: `2026-06-01T10:00:${String(row.second).padStart(2, "0")}.000Z`,
          }));
          const dividends = paid.map((row) => ({ propertyId: row.property, amount: written(row.paise, 0) }));
          const prices = new Map(
            properties.map((id, i) => [id, written(priceList[i]![0], priceList[i]![1] < 10 ? priceList[i]![1] % 2 : 3)]),
          );
          expect(portfolioTotals(trades, dividends, prices)).toEqual(portfolioFigures(holdingFigures(trades, dividends, prices)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("equals them when amounts, values or their sums pass 2^53 paise, and for text that is not a plain rupee figure", () => {
    // Past Number's exact integers the buy-only sum must still be exact (or leave it to the
    // replay), and a figure such as "5." or "1e3" (each one decimal.js reads, so the replay can
    // value it) is not read as whole paise.
    const odd = ["5.", ".5", "1e3", "+5", "-0.00", "0007.1", "12.345"];
    const properties = ["p1", "p2", "p3", "p4"];
    const near = (limit: bigint) => fc.bigInt({ min: limit - 2_000n, max: limit + 2_000n });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            property: fc.constantFrom(...properties),
            shares: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5_000 })),
            // Near 2^53 and 2^52 paise (alone or summed, past Number's exact integers), small, and
            // far past any real figure, but within decimal.js's 20 significant digits, where the
            // replay it is compared with is itself exact.
            paise: fc.oneof(
              near(2n ** 53n),
              near(2n ** 52n),
              fc.bigInt({ min: 0n, max: 10n ** 6n }),
              fc.bigInt({ min: 0n, max: 10n ** 17n }),
            ),
            feePaise: fc.oneof(fc.bigInt({ min: 0n, max: 9_000n }), fc.bigInt({ min: 0n, max: 10n ** 15n })),
            odd: fc.integer({ min: 0, max: 30 }),
          }),
          { maxLength: 12 },
        ),
        fc.array(fc.oneof(fc.bigInt({ min: 0n, max: 100n }), near(2n ** 53n / 3n), fc.bigInt({ min: 0n, max: 10n ** 15n })), {
          minLength: 4,
          maxLength: 4,
        }),
        (rows, priceList) => {
          const text = (paiseValue: bigint) => new Decimal(paiseValue.toString()).div(100).toFixed(2);
          const trades = rows.map((row, index): FigureTrade => ({
            id: `t${String(index).padStart(3, "0")}`,
            propertyId: row.property,
            kind: "buy",
            shares: row.shares,
            amount: odd[row.odd] ?? text(row.paise),
            fee: text(row.feePaise),
            at: "2026-06-01T10:00:00.000Z",
          }));
          const prices = new Map(properties.map((id, i) => [id, text(priceList[i]!)]));
          expect(portfolioTotals(trades, [], prices)).toEqual(portfolioFigures(holdingFigures(trades, [], prices)));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
