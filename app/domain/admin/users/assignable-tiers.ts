import type { Tier } from "~/domain/tiers/calculate-tier";

/** The tiers an admin may set by hand (the spec's four; "investor" is a legacy value). */
export const ASSIGNABLE_TIERS = ["explorer", "waitlist_player", "small_investor", "large_investor"] as const satisfies readonly Tier[];
