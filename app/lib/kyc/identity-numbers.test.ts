import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isValidAadhaar,
  isValidIfsc,
  isValidPan,
  isVerhoeffValid,
  maskToLast4,
  normalizeIfsc,
  verhoeffCheckDigit,
} from "./identity-numbers";

const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");
const str = (arb: fc.Arbitrary<string>, n: number) => fc.array(arb, { minLength: n, maxLength: n }).map((a) => a.join(""));

describe("PAN", () => {
  it("accepts five letters, four digits, a letter, in any case", () => {
    fc.assert(
      fc.property(str(letter, 5), str(digit, 4), letter, (a, b, c) => {
        expect(isValidPan(a + b + c)).toBe(true);
        expect(isValidPan((a + b + c).toLowerCase())).toBe(true);
      }),
    );
  });
  it("refuses anything with a character out of place", () => {
    fc.assert(
      fc.property(str(letter, 5), str(digit, 4), letter, fc.integer({ min: 0, max: 9 }), (a, b, c, at) => {
        const pan = [...(a + b + c)];
        pan[at] = at >= 5 && at <= 8 ? "A" : "7";
        expect(isValidPan(pan.join(""))).toBe(false);
      }),
    );
    expect(isValidPan("ABCDE1234")).toBe(false);
    expect(isValidPan("ABCDE12345F")).toBe(false);
  });
});

describe("IFSC", () => {
  it("accepts four letters, a zero, six letters or digits, and uppercases", () => {
    fc.assert(
      fc.property(str(letter, 4), str(fc.oneof(letter, digit), 6), (bank, branch) => {
        expect(isValidIfsc(`${bank}0${branch}`.toLowerCase())).toBe(true);
        expect(normalizeIfsc(` ${bank.toLowerCase()}0${branch} `)).toBe(`${bank}0${branch}`);
      }),
    );
  });
  it("refuses a fifth character other than zero, and wrong lengths", () => {
    fc.assert(
      fc.property(str(letter, 4), fc.constantFrom(..."123456789O"), str(digit, 6), (bank, fifth, branch) => {
        expect(isValidIfsc(`${bank}${fifth}${branch}`)).toBe(false);
      }),
    );
    expect(isValidIfsc("HDFC000123")).toBe(false);
    expect(isValidIfsc("HDF00001234")).toBe(false);
    expect(isValidIfsc("HDFC0001234")).toBe(true);
  });
});

describe("Aadhaar and Verhoeff", () => {
  it("knows the published Verhoeff example (236 → check digit 3)", () => {
    expect(verhoeffCheckDigit("236")).toBe(3);
    expect(isVerhoeffValid("2363")).toBe(true);
  });

  it("knows longer published examples, which use every row of the position table", () => {
    expect(verhoeffCheckDigit("12345")).toBe(1);
    expect(verhoeffCheckDigit("142857")).toBe(0);
    expect(verhoeffCheckDigit("123456789012")).toBe(0);
    // A swap fast-check once found that a wrong row of the table let through.
    expect(isVerhoeffValid(`20000063000${verhoeffCheckDigit("20000036000")}`)).toBe(false);
  });

  const body = fc.tuple(fc.constantFrom(..."23456789"), str(digit, 10)).map(([first, rest]) => first + rest);

  it("accepts every 11 digits followed by their check digit", () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(isValidAadhaar(b + verhoeffCheckDigit(b))).toBe(true);
      }),
    );
  });

  it("catches every single-digit change", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }), (b, at, delta) => {
        const valid = [...(b + verhoeffCheckDigit(b))];
        valid[at] = String((Number(valid[at]) + delta) % 10);
        expect(isVerhoeffValid(valid.join(""))).toBe(false);
      }),
    );
  });

  it("catches every swap of two adjacent different digits", () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 10 }), (b, at) => {
        const valid = [...(b + verhoeffCheckDigit(b))];
        fc.pre(valid[at] !== valid[at + 1]);
        [valid[at], valid[at + 1]] = [valid[at + 1]!, valid[at]!];
        expect(isVerhoeffValid(valid.join(""))).toBe(false);
      }),
    );
  });

  it("refuses numbers starting with 0 or 1, and wrong lengths", () => {
    expect(isValidAadhaar("0" + "1234567890" + verhoeffCheckDigit("01234567890"))).toBe(false);
    expect(isValidAadhaar("1" + "1234567890" + verhoeffCheckDigit("11234567890"))).toBe(false);
    expect(isValidAadhaar("23456789012")).toBe(false);
  });
});

describe("masking", () => {
  it("keeps only the last four characters", () => {
    fc.assert(
      fc.property(str(digit, 12), (n) => {
        const masked = maskToLast4(n);
        expect(masked).toHaveLength(12);
        expect(masked.slice(-4)).toBe(n.slice(-4));
        expect(masked.slice(0, -4)).toMatch(/^X+$/);
      }),
    );
    expect(maskToLast4("1234 5678 9012")).toBe("XXXXXXXX9012");
  });
});
