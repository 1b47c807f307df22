/**
 * Where an investor may take a complaint we did not settle (INDIA-RULES, "Grievances"): SEBI's
 * SCORES 2.0, then SMART ODR, the online dispute resolution portal regulated entities link
 * from their home page. The addresses are the portals' public ones (ADR 0067).
 */
export const SEBI_SCORES_URL = "https://scores.sebi.gov.in/";
export const SMART_ODR_URL = "https://smartodr.in/";

export type GrievanceOfficer = { name: string; email: string; phone: string };
