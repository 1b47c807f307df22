import { describe, expect, it } from "vitest";
import { sellBlockedReason } from "./position-view";

describe("sellBlockedReason (the disabled Sell Shares button's tooltip)", () => {
  it("says the investor owns nothing to sell, before anything else", () => {
    expect(sellBlockedReason({ sharesOwned: 0, sharesSellable: true })).toBe("You own no shares of this property to sell.");
    expect(sellBlockedReason({ sharesOwned: 0, sharesSellable: false })).toBe("You own no shares of this property to sell.");
  });

  it("gives the spec's words when selling is not enabled for the property", () => {
    expect(sellBlockedReason({ sharesOwned: 3, sharesSellable: false })).toBe(
      "Share selling is not yet enabled for this property. Contact admin if you wish to sell your shares.",
    );
  });

  it("offers selling to a holder of a property whose shares may be sold", () => {
    expect(sellBlockedReason({ sharesOwned: 1, sharesSellable: true })).toBeNull();
  });
});
