import { paths } from "~/lib/paths";

/** The trust pages, listed in the footer on every page and beside each legal page's text. */
export const TRUST_PAGES = [
  { label: "Terms of use", to: paths.legal.terms() },
  { label: "Privacy", to: paths.legal.privacy() },
  { label: "Privacy notice (your data)", to: paths.legal.privacyNotice() },
  { label: "Risk disclosure", to: paths.legal.risk() },
  { label: "Fees", to: paths.legal.fees() },
  { label: "FAQ", to: paths.legal.faq() },
  { label: "Contact and grievances", to: paths.legal.contact() },
] as const;

/** Where an unsettled complaint may go next (ADR 0067): SEBI's SCORES 2.0, then SMART ODR. */
export const SEBI_SCORES_URL = "https://scores.sebi.gov.in/";
export const SMART_ODR_URL = "https://smartodr.in/";
