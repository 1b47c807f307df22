import { KycStatus } from "~/lib/enums";
import { ASSIGNABLE_TIERS } from "./assignable-tiers";
/** The choices of the user list's tier and KYC filters (shared by the page and the query). */
export const TIER_FILTERS = ASSIGNABLE_TIERS;
export const KYC_FILTERS = Object.values(KycStatus);
