import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCount,
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaTime,
  formatRupees,
  formatShares,
  formatSignedRupees,
  formatUpToTwoDecimals,
} from "./formats";

describe("shared formatters", () => {
  it("group digits the Indian way", () => {
    expect(formatCount(120000)).toBe("1,20,000");
    expect(formatCount(7)).toBe("7");
    expect(formatUpToTwoDecimals(1234567.891)).toBe("12,34,567.89");
    expect(formatUpToTwoDecimals(4)).toBe("4");
  });

  it("say one share and many shares", () => {
    expect(formatShares(1)).toBe("1 share");
    expect(formatShares(0)).toBe("0 shares");
    expect(formatShares(2)).toBe("2 shares");
    expect(formatShares(120000)).toBe("1,20,000 shares");
  });

  it("write a calendar date without shifting it by a time zone", () => {
    expect(formatCalendarDate("2026-03-01")).toBe("1 March 2026");
    expect(formatCalendarDate("2026-12-31")).toBe("31 December 2026");
    expect(formatCalendarDate(null)).toBeNull();
  });

  it("write a moment as India sees it, whatever the server's zone", () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in India.
    expect(formatIndiaDate("2026-11-24T20:00:00Z")).toBe("25 Nov 2026");
    expect(formatIndiaDate(new Date("2026-11-24T20:00:00Z"))).toBe("25 Nov 2026");
    expect(formatIndiaDateTime("2026-11-24T20:00:00Z")).toMatch(/^25 Nov 2026, 1:30\s?am$/i);
    expect(formatIndiaTime("2026-11-24T20:00:00Z")).toMatch(/^1:30\s?am$/i);
    expect(formatIndiaDateTime(null)).toBe("—");
  });
});

describe("rupees", () => {
  it("show paise always by default, when there are any, or never", () => {
    expect(formatRupees("102000")).toBe("₹1,02,000.00");
    expect(formatRupees("102000.5", { paise: "never" })).toBe("₹1,02,001");
    expect(formatRupees("2040.00", { paise: "if-any" })).toBe("₹2,040");
    expect(formatRupees("2040.25", { paise: "if-any" })).toBe("₹2,040.25");
  });

  it("sign amounts with + and a true minus, in the Indian grouping", () => {
    expect(formatSignedRupees("102000.00")).toBe("+₹1,02,000");
    expect(formatSignedRupees("-102000.00")).toBe("−₹1,02,000");
    expect(formatSignedRupees("-9180.50")).toBe("−₹9,180.50");
    expect(formatSignedRupees("0")).toBe("₹0");
  });

  it("show times in India time", () => {
    // 20:00 UTC is 01:30 the next day in Kolkata.
    expect(formatIndiaDateTime("2026-03-01T20:00:00.000Z")).toMatch(/2 Mar 2026.*1:30\s?am/i);
  });
});
