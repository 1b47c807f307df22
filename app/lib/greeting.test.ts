import { describe, expect, it } from "vitest";
import { greetingName, hasTrialExpired, trialDaysLeft } from "./greeting";

const NOW = new Date("2026-11-21T10:00:00Z");
const HOUR = 60 * 60 * 1000;

describe("greetingName", () => {
  it("uses the first name when there is a full name", () => {
    expect(greetingName({ fullName: "  Asha  Rao ", email: "asha@example.in" })).toBe("Asha");
  });

  it("falls back to the e-mail prefix, then to Investor", () => {
    expect(greetingName({ fullName: "   ", email: "ravi.k@example.in" })).toBe("ravi.k");
    expect(greetingName({ fullName: null, email: null })).toBe("Investor");
    expect(greetingName({})).toBe("Investor");
  });
});

describe("trialDaysLeft", () => {
  it("rounds part days up", () => {
    expect(trialDaysLeft(new Date(NOW.getTime() + 14 * 24 * HOUR), NOW)).toBe(14);
    expect(trialDaysLeft(new Date(NOW.getTime() + 13 * 24 * HOUR + 1), NOW)).toBe(14);
    expect(trialDaysLeft(new Date(NOW.getTime() + 1), NOW)).toBe(1);
  });

  it("never goes below zero", () => {
    expect(trialDaysLeft(NOW, NOW)).toBe(0);
    expect(trialDaysLeft(new Date(NOW.getTime() - 5 * 24 * HOUR), NOW)).toBe(0);
    expect(trialDaysLeft("not a date", NOW)).toBe(0);
  });
});

describe("hasTrialExpired", () => {
  const past = new Date(NOW.getTime() - HOUR);
  const future = new Date(NOW.getTime() + HOUR);

  it("is true only for an unsubscribed profile whose trial end has passed", () => {
    expect(hasTrialExpired({ subscriptionActive: false, trialExpiresAt: past }, NOW)).toBe(true);
    expect(hasTrialExpired({ subscriptionActive: true, trialExpiresAt: past }, NOW)).toBe(false);
    expect(hasTrialExpired({ subscriptionActive: false, trialExpiresAt: future }, NOW)).toBe(false);
  });
});
