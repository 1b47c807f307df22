import { describe, expect, it } from "vitest";
import { coolingOff } from "./cooling-off";

const madeAt = new Date("2026-11-20T10:00:00Z");
const at = (hours: number) => new Date(madeAt.getTime() + hours * 3_600_000);
const purchase = { type: "investment", status: "completed", madeAt, propertyStatus: "open" };

describe("coolingOff", () => {
  it("is open for 48 hours after the purchase, and ends at the 48th hour", () => {
    expect(coolingOff({ ...purchase, now: at(47.99) })).toEqual({ state: "open", until: "2026-11-22T10:00:00.000Z" });
    expect(coolingOff({ ...purchase, now: at(48) })).toMatchObject({ state: "ended", reason: "The 48-hour cooling-off window has ended." });
  });

  it("ends when the raise is funded, whatever the hour", () => {
    expect(coolingOff({ ...purchase, propertyStatus: "funded", now: at(1) })).toMatchObject({ state: "funded" });
  });

  it("says a cancelled purchase was refunded, and that resales and other rows are not purchases", () => {
    expect(coolingOff({ ...purchase, status: "cancelled", now: at(1) })).toMatchObject({ state: "cancelled" });
    expect(coolingOff({ ...purchase, type: "share_purchase", now: at(1) })).toMatchObject({ state: "not_a_purchase" });
    expect(coolingOff({ ...purchase, propertyStatus: null, now: at(1) })).toMatchObject({ state: "not_a_purchase" });
  });
});
