/** The choices of the user list's tier and KYC filters (shared by the page and the query). */
export const TIER_FILTERS = ["explorer", "waitlist_player", "small_investor", "large_investor"] as const;
export const KYC_FILTERS = ["pending", "under_review", "approved", "rejected"] as const;
