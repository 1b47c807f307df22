import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalRupeeField, rupeeField } from "./rupee-field";
import { NUMERIC_16_2_MAX, parseRupees, type RupeeRules } from "./rupee-input";

const RULES: RupeeRules = {
  message: "Please enter a valid amount",
  min: 1000,
  minMessage: "Minimum is ₹1,000",
  max: "10000000",
  maxMessage: "Maximum per request is ₹1,00,00,000",
};

const value = (raw: unknown, rules: RupeeRules = RULES) => {
  const parsed = parseRupees(raw, rules);
  return parsed.ok ? parsed.value.toFixed(2) : parsed.message;
};

describe("parseRupees, the one reader of a typed amount", () => {
  it.each([
    ["1,00,000", "100000.00"],
    ["₹1,00,000", "100000.00"],
    ["₹ 1,00,000.50", "100000.50"],
    ["Rs. 25,000", "25000.00"],
    ["100000.50", "100000.50"],
    ["100,000", "100000.00"],
    ["12,34,567.8", "1234567.80"],
    ["  5000  ", "5000.00"],
    ["5000.", "5000.00"],
    ["1,000", "1000.00"],
    ["1,00,00,000", "10000000.00"],
  ])("accepts %j as %s", (raw, expected) => {
    expect(value(raw)).toBe(expected);
  });

  it.each([
    "1e5",
    "1E5",
    "-3",
    "+3000",
    "NaN",
    "Infinity",
    "-Infinity",
    "100000.505",
    "1000.001",
    "",
    "   ",
    "₹",
    "1,0,0,000",
    "10,00",
    ",1000",
    "1000,",
    "1,,000",
    "1 000",
    "0x10",
    "1_000",
    "१२०००",
    "１２０００",
    "12000\u0000",
    ".50",
    "5000..",
    "[object Object]",
  ])("refuses %j with the field's message", (raw) => {
    expect(value(raw)).toBe("Please enter a valid amount");
  });

  it("refuses what is not text or a finite number", () => {
    for (const raw of [null, undefined, {}, [], Number.NaN, Number.POSITIVE_INFINITY, true]) {
      expect(value(raw)).toBe("Please enter a valid amount");
    }
  });

  it("says the minimum below it, and zero is below any amount", () => {
    expect(value("999.99")).toBe("Minimum is ₹1,000");
    expect(value("0")).toBe("Minimum is ₹1,000");
    expect(value("0", { message: "Bad", max: 100 })).toBe("Bad");
    expect(value("0", { message: "Bad", max: 100, allowZero: true })).toBe("0.00");
  });

  it("says the maximum above it, however many digits were typed", () => {
    expect(value("1,00,00,000.01")).toBe("Maximum per request is ₹1,00,00,000");
    expect(value("9,99,99,99,99,999")).toBe("Maximum per request is ₹1,00,00,000");
    expect(value("12345678901234567890")).toBe("Maximum per request is ₹1,00,00,000");
  });

  it("never lets a bound go past what NUMERIC(16,2) stores, and says the bound in Indian grouping", () => {
    const loose = { message: "Bad", max: "1e30" };
    expect(value("99999999999999", loose)).toBe(NUMERIC_16_2_MAX.toFixed(2));
    expect(value("99999999999999.01", loose)).toBe("Maximum is ₹9,99,99,99,99,99,999");
    expect(value("150001", { message: "Bad", max: 150000 })).toBe("Maximum is ₹1,50,000");
  });

  it("refuses an absurdly long input without reading it", () => {
    expect(value("1".repeat(20_000))).toBe("Please enter a valid amount");
  });

  it("reads a finite JSON number exactly as written, never via a float's long tail", () => {
    expect(value(25000)).toBe("25000.00");
    expect(value(0.1 + 0.2, { message: "Bad", max: 10 })).toBe("Bad");
    expect(value(1e21)).toBe("Please enter a valid amount");
  });
});

describe("rupeeField, the zod field built on it", () => {
  const schema = z.object({ amount: rupeeField(RULES), fee: optionalRupeeField({ message: "Bad fee", max: 100 }) });

  it("parses to a Decimal and leaves an empty optional amount null", () => {
    const parsed = schema.parse({ amount: "₹1,00,000.50", fee: "" });
    expect(parsed.amount.toFixed(2)).toBe("100000.50");
    expect(parsed.fee).toBeNull();
  });

  it.each([
    [{ amount: "1e5" }, ["amount", "Please enter a valid amount"]],
    [{ amount: undefined }, ["amount", "Please enter a valid amount"]],
    [{ amount: "99,99,99,999" }, ["amount", "Maximum per request is ₹1,00,00,000"]],
    [{ amount: "5000", fee: "-3" }, ["fee", "Bad fee"]],
    [{ amount: "5000", fee: "101" }, ["fee", "Maximum is ₹100"]],
  ])("reports %j on its field", (input, [field, message]) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
  });
});
