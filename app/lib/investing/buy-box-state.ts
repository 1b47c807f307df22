import { Decimal, formatINR } from "~/lib/money";
import { formatCalendarDate } from "~/lib/formats";

/** A property that takes no new money: what it is and where to go instead. */
export type ClosedBuyBox = {
  kind: "not-open";
  title: string;
  text: string;
  action: { label: string; to: string } | null;
};

/** Open for investment; `blocker` says why Invest Now will not go through and how to fix it. */
export type OpenBuyBox = { kind: "open"; blocker: InvestBlocker | null };

export type InvestBlocker = { reason: string; fix: { label: string; to: string } };

export type BuyBoxState = ClosedBuyBox | OpenBuyBox;

/**
 * What replaces the buy box when a property is not open: sold out (resale is the way in),
 * upcoming (when it opens) or closed. An open property keeps the box.
 */
export function buyBoxState(
  property: { status: string; investmentStartDate: string | null },
  links: { resale: string; properties: string },
): BuyBoxState {
  switch (property.status) {
    case "open":
      return { kind: "open", blocker: null };
    case "funded":
      return {
        kind: "not-open",
        title: "Sold out",
        text: "Every share of this property has been sold. Holders may offer theirs for resale.",
        action: { label: "See resale listings", to: links.resale },
      };
    case "upcoming": {
      const opens = formatCalendarDate(property.investmentStartDate);
      return {
        kind: "not-open",
        title: opens ? `Opens for investment on ${opens}` : "Opens for investment soon",
        text: "Save it to your watchlist to follow it until then.",
        action: { label: "Browse open properties", to: links.properties },
      };
    }
    case "closed":
      return {
        kind: "not-open",
        title: "Closed",
        text: "This property no longer takes investments.",
        action: { label: "Browse open properties", to: links.properties },
      };
    default:
      return { kind: "not-open", title: "Not open yet", text: "This property is a draft that investors cannot see.", action: null };
  }
}

/**
 * Why Invest Now will not go through for this investor, with the fix as a link: KYC first
 * (it decides before any amount), then a wallet that cannot pay the order's total.
 */
export function investBlocker(
  investor: { eligible: boolean; kycStatus: string },
  order: { total: Decimal.Value | null; walletBalance: Decimal.Value },
  links: { kyc: string; wallet: string },
): InvestBlocker | null {
  if (!investor.eligible) {
    if (investor.kycStatus === "under_review") {
      return {
        reason: "Your KYC is under review. You can invest once it is approved.",
        fix: { label: "See your KYC status", to: links.kyc },
      };
    }
    return { reason: "You need approved KYC to invest.", fix: { label: "Complete your KYC", to: links.kyc } };
  }
  if (order.total === null) return null;
  const shortBy = new Decimal(order.total).minus(order.walletBalance);
  if (shortBy.gt(0)) {
    return {
      reason: "Your wallet cannot pay this total.",
      fix: { label: `Add ${formatINR(shortBy.toDecimalPlaces(0, Decimal.ROUND_UP))} to your wallet`, to: links.wallet },
    };
  }
  return null;
}
