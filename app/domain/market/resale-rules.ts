/**
 * The secondary market's rules that pages show as well as enforce (client-safe: no
 * database). One place for who may buy, when resale opens and what it costs.
 */

/** Where share selling may be switched on: the raise is over (ADR 0048). */
export const RESALE_STATUSES = ["funded", "closed"] as const;
export const mayEnableResale = (status: string) => (RESALE_STATUSES as readonly string[]).includes(status);

export const RESALE_NEEDS_ENDED_RAISE =
  "Share selling can be enabled only on a funded or closed property. This property's raise is still running: close it from the property's edit form first.";

/** When resale usually opens, in the investor's words (the invest page and its review step). */
export const RESALE_USUALLY_OPENS =
  "Resale usually opens after the raise is funded or closed, when an admin enables share selling for the property.";

/** Whether resale is open for a property now, and when it usually opens if not. */
export function resaleAvailability(property: { sharesSellable: boolean; propertyStatus: string }): { open: boolean; text: string } {
  if (property.sharesSellable) {
    return { open: true, text: "Resale is available for this property now: you can list your shares for other investors to buy." };
  }
  return { open: false, text: `Resale is not yet available for this property. ${RESALE_USUALLY_OPENS}` };
}

/**
 * What a resale costs each side (the fees page and the trade receipts say the same): the
 * platform takes no fee from the buyer or the seller; the buyer pays shares × the listed
 * price and the seller receives exactly that.
 */
export const RESALE_FEE = "0.00";
export const RESALE_FEE_TEXT = {
  buyer: "No fee: you pay the listed price × shares, nothing more.",
  seller: "No fee: you receive the listed price × shares, nothing less.",
} as const;

/**
 * Who may buy on the market: the watchlist notes' rule for admins (spec 000 §5, §6 list
 * admins among buyers), so an admin buys whatever their tier; anyone else needs a tier
 * above explorer (ADR 0057).
 */
export function mayBuyOnMarket(buyer: { tier: string | null; isAdmin: boolean | null }): boolean {
  if (buyer.isAdmin) return true;
  return Boolean(buyer.tier) && buyer.tier !== "explorer";
}
