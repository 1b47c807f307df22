import type { Tier } from "~/lib/enums";

export type { Tier };

export type TierInputs = {
  subscriptionActive: boolean;
  /** Shares held by each confirmed investment. */
  confirmedInvestmentShares: number[];
};

/**
 * The spec's tier rule: explorer unless subscribed; a subscriber with no confirmed
 * investment is a waitlist player; any confirmed investment of more than one share
 * makes a large investor, otherwise small.
 */
export function calculateTier({ subscriptionActive, confirmedInvestmentShares }: TierInputs): Tier {
  if (!subscriptionActive) return "explorer";
  if (confirmedInvestmentShares.length === 0) return "waitlist_player";
  return confirmedInvestmentShares.some((shares) => shares > 1) ? "large_investor" : "small_investor";
}

export const TIER_LABELS: Record<Tier, string> = {
  explorer: "Explorer",
  waitlist_player: "Waitlist Player",
  investor: "Investor",
  small_investor: "Small Investor",
  large_investor: "Large Investor",
};
