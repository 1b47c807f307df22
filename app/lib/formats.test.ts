import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatCount, formatIndiaDate, formatIndiaDateTime, formatUpToTwoDecimals } from "./formats";

describe("shared formatters", () => {
  it("group digits the Indian way", () => {
    expect(formatCount(120000)).toBe("1,20,000");
    expect(formatCount(7)).toBe("7");
    expect(formatUpToTwoDecimals(1234567.891)).toBe("12,34,567.89");
    expect(formatUpToTwoDecimals(4)).toBe("4");
  });

  it("write a calendar date without shifting it by a time zone", () => {
    expect(formatCalendarDate("2026-03-01")).toBe("1 March 2026");
    expect(formatCalendarDate("2026-12-31")).toBe("31 December 2026");
  });

  it("write a moment as India sees it, whatever the server's zone", () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in India.
    expect(formatIndiaDate("2026-11-24T20:00:00Z")).toBe("25 Nov 2026");
    expect(formatIndiaDate(new Date("2026-11-24T20:00:00Z"))).toBe("25 Nov 2026");
    expect(formatIndiaDateTime("2026-11-24T20:00:00Z")).toMatch(/^25 Nov 2026, 1:30\s?am$/i);
  });
});
