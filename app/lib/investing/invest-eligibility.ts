export type InvestorStanding = {
  kycStatus: string;
  tier: string;
  tierOverrideByAdmin: boolean;
};

export const KYC_REQUIRED_MESSAGE = "KYC approval required. Please complete your verification.";

/**
 * "Invest Now" needs approved KYC, unless an admin has put the user on an investor tier
 * by hand (small_investor or large_investor with the override flag set).
 */
export function mayInvest(standing: InvestorStanding): boolean {
  if (standing.kycStatus === "approved") return true;
  return standing.tierOverrideByAdmin && (standing.tier === "small_investor" || standing.tier === "large_investor");
}
