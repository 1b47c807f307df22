import { describe, expect, it } from "vitest";
import { watchlistCardAction } from "./watchlist-cards";

describe("watchlistCardAction", () => {
  it("offers 'Buy Shares Now' while the property is open or has live sell offers, else 'View Property'", () => {
    expect(watchlistCardAction({ status: "open", hasActiveSellOffers: false })).toBe("Buy Shares Now");
    expect(watchlistCardAction({ status: "funded", hasActiveSellOffers: true })).toBe("Buy Shares Now");
    expect(watchlistCardAction({ status: "funded", hasActiveSellOffers: false })).toBe("View Property");
    expect(watchlistCardAction({ status: "upcoming", hasActiveSellOffers: false })).toBe("View Property");
    expect(watchlistCardAction({ status: "closed", hasActiveSellOffers: false })).toBe("View Property");
  });
});
