/**
 * Where an investor may take a complaint we did not settle (INDIA-RULES, "Grievances"): SEBI's
 * SCORES 2.0, then SMART ODR, the online dispute resolution portal regulated entities link
 * from their home page. The addresses are the portals' public ones (ADR 0067).
 */
// Kept beside the trust pages: the footer on every page needs both, and one small module is one script fewer.
export { SEBI_SCORES_URL, SMART_ODR_URL } from "~/lib/trust-pages";

export type GrievanceOfficer = { name: string; email: string; phone: string };
