import { describe, expect, it } from "vitest";
import { financialQuarterOf, maskPan, NoTdsRateError, rateInForce, splitDistribution, type TdsRateRow } from "./tds-split";

// The table as the migration seeds it (resident rows).
const RATES: TdsRateRow[] = [
  {
    id: "r1",
    act: "Income-tax Act, 1961",
    section: "194",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "5000",
    validFrom: "2020-04-01",
    validTo: "2025-03-31",
  },
  {
    id: "r2",
    act: "Income-tax Act, 1961",
    section: "194",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "10000",
    validFrom: "2025-04-01",
    validTo: "2026-03-31",
  },
  {
    id: "r3",
    act: "Income-tax Act, 2025",
    section: "393",
    payeeResidency: "resident",
    rateWithPan: "10",
    rateWithoutPan: "20",
    yearlyThreshold: "10000",
    validFrom: "2026-04-01",
    validTo: null,
  },
];
const nothingYet = { gross: "0", tds: "0" };

describe("the TDS rate table", () => {
  it("takes the 1961 Act's section 194 on 31 March 2026 and the 2025 Act's section 393 on 1 April 2026", () => {
    expect(rateInForce(RATES, "resident", "2026-03-31")).toMatchObject({ section: "194", act: "Income-tax Act, 1961" });
    expect(rateInForce(RATES, "resident", "2026-04-01")).toMatchObject({ section: "393", act: "Income-tax Act, 2025" });
  });

  it("refuses a date no row covers rather than withholding nothing", () => {
    expect(() => rateInForce(RATES, "non_resident", "2026-04-01")).toThrow(NoTdsRateError);
    expect(() => rateInForce(RATES, "resident", "2019-05-01")).toThrow(NoTdsRateError);
  });

  it("places a date in its financial year and quarter (April to March)", () => {
    expect(financialQuarterOf("2026-03-31")).toEqual({ financialYear: 2025, quarter: 4 });
    expect(financialQuarterOf("2026-04-01")).toEqual({ financialYear: 2026, quarter: 1 });
    expect(financialQuarterOf("2026-09-30")).toEqual({ financialYear: 2026, quarter: 2 });
    expect(financialQuarterOf("2026-10-01")).toEqual({ financialYear: 2026, quarter: 3 });
    expect(financialQuarterOf("2027-01-15")).toEqual({ financialYear: 2026, quarter: 4 });
  });
});

describe("splitDistribution", () => {
  it("either side of 1 April 2026: the same rate, cited under the Act in force, in its own financial year", () => {
    const before = splitDistribution({ gross: "12000", paymentDate: "2026-03-31", panValid: true, rates: RATES, yearToDate: nothingYet });
    const after = splitDistribution({ gross: "12000", paymentDate: "2026-04-01", panValid: true, rates: RATES, yearToDate: nothingYet });
    expect([before.section, before.financialYear, before.quarter, before.tds.toFixed(2)]).toEqual(["194", 2025, 4, "1200.00"]);
    expect([after.section, after.financialYear, after.quarter, after.tds.toFixed(2)]).toEqual(["393", 2026, 1, "1200.00"]);
    expect(after.net.toFixed(2)).toBe("10800.00");
  });

  it("withholds nothing while the year's gross is within the threshold (exactly ₹10,000 included)", () => {
    const split = splitDistribution({
      gross: "4000",
      paymentDate: "2026-06-10",
      panValid: true,
      rates: RATES,
      yearToDate: { gross: "6000", tds: "0" },
    });
    expect([split.tds.toFixed(2), split.net.toFixed(2), split.rate.toFixed(2)]).toEqual(["0.00", "4000.00", "0.00"]);
  });

  it("threshold crossed mid-year: the crossing payment bears the tax on the whole year's gross, later ones on themselves", () => {
    const first = splitDistribution({ gross: "6000", paymentDate: "2026-05-10", panValid: true, rates: RATES, yearToDate: nothingYet });
    expect(first.tds.toFixed(2)).toBe("0.00");
    const second = splitDistribution({
      gross: "6000",
      paymentDate: "2026-08-10",
      panValid: true,
      rates: RATES,
      yearToDate: { gross: "6000", tds: "0" },
    });
    expect([second.tds.toFixed(2), second.net.toFixed(2), second.quarter]).toEqual(["1200.00", "4800.00", 2]);
    const third = splitDistribution({
      gross: "3000.55",
      paymentDate: "2026-11-10",
      panValid: true,
      rates: RATES,
      yearToDate: { gross: "12000", tds: "1200" },
    });
    expect(third.tds.toFixed(2)).toBe("300.06");
  });

  it("a new financial year starts the count again", () => {
    const split = splitDistribution({ gross: "9000", paymentDate: "2027-04-05", panValid: true, rates: RATES, yearToDate: nothingYet });
    expect(split.tds.toFixed(2)).toBe("0.00");
  });

  it("PAN missing or inoperative: 20% (s.206AA)", () => {
    const split = splitDistribution({ gross: "15000", paymentDate: "2026-06-10", panValid: false, rates: RATES, yearToDate: nothingYet });
    expect([split.rate.toFixed(2), split.tds.toFixed(2), split.net.toFixed(2), split.panValid]).toEqual([
      "20.00",
      "3000.00",
      "12000.00",
      false,
    ]);
  });

  it("never withholds more than the payment, nor a negative amount, and gross = TDS + net", () => {
    const split = splitDistribution({
      gross: "100",
      paymentDate: "2026-06-10",
      panValid: false,
      rates: RATES,
      yearToDate: { gross: "50000", tds: "0" },
    });
    expect([split.tds.toFixed(2), split.net.toFixed(2)]).toEqual(["100.00", "0.00"]);
    const overWithheld = splitDistribution({
      gross: "100",
      paymentDate: "2026-06-10",
      panValid: true,
      rates: RATES,
      yearToDate: { gross: "20000", tds: "4000" },
    });
    expect(overWithheld.tds.toFixed(2)).toBe("0.00");
    expect(overWithheld.gross.equals(overWithheld.tds.plus(overWithheld.net))).toBe(true);
  });

  it("the threshold of the year before April 2025 was ₹5,000", () => {
    const split = splitDistribution({ gross: "6000", paymentDate: "2025-01-10", panValid: true, rates: RATES, yearToDate: nothingYet });
    expect(split.tds.toFixed(2)).toBe("600.00");
  });
});

describe("maskPan", () => {
  it("keeps the last four characters", () => {
    expect(maskPan("ABCDE1234F")).toBe("XXXXXX234F");
    expect(maskPan(null)).toBe("Not furnished");
  });
});
