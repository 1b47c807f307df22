import { describe, expect, it } from "vitest";
import { formatDateTimeIN, formatRupees, formatSignedINR } from "./format";

describe("transaction formatting", () => {
  it("signs amounts with + and a true minus, in the Indian grouping", () => {
    expect(formatSignedINR("102000.00")).toBe("+₹1,02,000");
    expect(formatSignedINR("-102000.00")).toBe("−₹1,02,000");
    expect(formatSignedINR("-9180.50")).toBe("−₹9,180.50");
    expect(formatSignedINR("0")).toBe("₹0");
  });

  it("shows paise only when present", () => {
    expect(formatRupees("2040.00")).toBe("₹2,040");
    expect(formatRupees("2040.25")).toBe("₹2,040.25");
  });

  it("shows times in India time", () => {
    // 20:00 UTC is 01:30 the next day in Kolkata.
    expect(formatDateTimeIN("2026-03-01T20:00:00.000Z")).toMatch(/2 Mar 2026.*1:30\s?am/i);
  });
});
