/**
 * Each kind of personal data Aangan holds, why, how long, and whether an investor may have it
 * erased (DPDP Act 2023; ADR 0067). The privacy notice lists it and the erasure request reads
 * it, so what the notice promises is what the erasure does.
 */
export type DataCategory = {
  id: string;
  name: string;
  what: string;
  purpose: string;
  retention: string;
  /** Null when it can be erased on request; else the law that requires keeping it, shown to the investor. */
  keptBecause: string | null;
};

const PMLA_RECORDS =
  "The Prevention of Money-laundering Act 2002 (section 12) and its Rules require a reporting entity to keep identity records for five years after the relationship ends";

export const DATA_CATEGORIES = [
  {
    id: "profile",
    name: "Account and contact details",
    what: "Name, e-mail address, phone number, city and state, sign-in sessions",
    purpose: "Signing you in, contacting you about your account, and the identity we verify for KYC",
    retention: "While your account is open, then five years",
    keptBecause: `${PMLA_RECORDS}. You can ask for a correction instead.`,
  },
  {
    id: "kyc",
    name: "KYC records",
    what: "PAN, the last digits of your Aadhaar (the number itself is redacted), the documents you uploaded, and the review decision",
    purpose: "Verifying who you are before you invest, as anti-money-laundering law requires",
    retention: "Five years after your account is closed",
    keptBecause: `${PMLA_RECORDS}.`,
  },
  {
    id: "transactions",
    name: "Wallet, ledger and investments",
    what: "Deposits, withdrawals, purchases, sales, rent distributions, tax withheld, bank account details for payouts",
    purpose: "Moving your money and shares, statements and tax certificates",
    retention: "Eight years from the end of the financial year",
    keptBecause:
      "Books of account must be kept for eight years (Companies Act 2013, section 128(5)), and transaction records for five years (Prevention of Money-laundering Act 2002, section 12); tax records back the TDS certificates issued to you.",
  },
  {
    id: "support",
    name: "Support tickets and complaints",
    what: "What you wrote to us, our answers, and the clocks of each complaint",
    purpose: "Answering you, and showing a regulator (SEBI SCORES) how a complaint was handled",
    retention: "Three years after the ticket is closed",
    keptBecause:
      "We must be able to show how each complaint was handled if it reaches SEBI SCORES or SMART ODR; kept three years after closing.",
  },
  {
    id: "watchlist",
    name: "Watchlist and notes",
    what: "Properties you watch and the notes you write about them",
    purpose: "Showing you your watchlist; your notes feed an anonymous summary for our team",
    retention: "Until you remove them or ask us to erase them",
    keptBecause: null,
  },
  {
    id: "notifications",
    name: "Notifications",
    what: "The alerts in your bell (price changes, request updates, distributions)",
    purpose: "Telling you what happened in your account",
    retention: "Until you ask us to erase them",
    keptBecause: null,
  },
  {
    id: "activity",
    name: "Activity on the site",
    what: "Pages and properties you viewed, and for how long",
    purpose: "Improving the product and the admin's analytics",
    retention: "Until you ask us to erase them",
    keptBecause: null,
  },
] as const satisfies readonly DataCategory[];

export type DataCategoryId = (typeof DATA_CATEGORIES)[number]["id"];

export function findDataCategory(id: string): DataCategory | undefined {
  return DATA_CATEGORIES.find((category) => category.id === id);
}

/** Fields an investor may ask us to correct. */
export const CORRECTABLE_FIELDS = [
  { id: "full_name", label: "Name" },
  { id: "phone", label: "Phone number" },
  { id: "email", label: "E-mail address" },
  { id: "address", label: "Address, city or state" },
  { id: "date_of_birth", label: "Date of birth" },
  { id: "bank_account", label: "Bank account details" },
  { id: "other", label: "Something else" },
] as const;
