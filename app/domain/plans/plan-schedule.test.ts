import { describe, expect, it } from "vitest";
import { dueDateIn, duePeriodOn, nextDueDate, periodInPlan } from "./plan-schedule";

const plan = (dayOfMonth: number, startDate = "2026-01-01", endDate: string | null = null) => ({ dayOfMonth, startDate, endDate });

describe("a plan's due dates", () => {
  it("puts the 31st on the last day of shorter months, leap years included", () => {
    expect(dueDateIn("2026-01", 31)).toBe("2026-01-31");
    expect(dueDateIn("2026-04", 31)).toBe("2026-04-30");
    expect(dueDateIn("2026-02", 31)).toBe("2026-02-28");
    expect(dueDateIn("2028-02", 30)).toBe("2028-02-29");
    expect(dueDateIn("2026-02", 5)).toBe("2026-02-05");
  });

  it("is due from its day until the month ends, and not before", () => {
    expect(duePeriodOn(plan(31), "2026-04-29")).toBeNull();
    expect(duePeriodOn(plan(31), "2026-04-30")).toBe("2026-04");
    expect(duePeriodOn(plan(10), "2026-05-25")).toBe("2026-05");
    expect(duePeriodOn(plan(10), "2026-06-09")).toBeNull();
  });

  it("runs only between its start and end dates", () => {
    expect(periodInPlan(plan(5, "2026-03-06"), "2026-03")).toBe(false);
    expect(periodInPlan(plan(5, "2026-03-06"), "2026-04")).toBe(true);
    expect(periodInPlan(plan(5, "2026-01-01", "2026-06-04"), "2026-06")).toBe(false);
    expect(duePeriodOn(plan(5, "2026-03-06"), "2026-03-20")).toBeNull();
  });

  it("names the next run date, or none after the end", () => {
    expect(nextDueDate(plan(31), "2026-02-10")).toBe("2026-02-28");
    expect(nextDueDate(plan(5), "2026-02-10")).toBe("2026-03-05");
    expect(nextDueDate(plan(5, "2026-01-01", "2026-02-28"), "2026-02-10")).toBeNull();
    expect(nextDueDate(plan(5, "2026-08-01"), "2026-02-10")).toBe("2026-08-05");
  });
});
