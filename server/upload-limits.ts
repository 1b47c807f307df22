import type { BodyLimitRule } from "./request-guards";

/**
 * Routes that take files get a larger body than a plain form: the KYC wizard carries up
 * to four documents of 5 MB each plus its fields (both its page and its `.data` posts);
 * the admin property forms up to ten images of 5 MB each, or one 10 MB document; a bank
 * statement import one CSV of 2 MB; a property update up to three 10 MB attachments; a valuation one 10 MB report.
 */
export const UPLOAD_BODY_LIMITS: BodyLimitRule[] = [
  { pattern: /^\/kyc(\.data)?(\/|$|\?)/, bytes: 26 * 1024 * 1024 },
  { pattern: /^\/admin\/bank-statements(\.data)?(\/|$|\?)/, bytes: 3 * 1024 * 1024 },
  { pattern: /^\/admin\/properties\/(new|[^/]+\/edit)(\.data)?(\/|$|\?)/, bytes: 52 * 1024 * 1024 },
  // An update's form: its text and up to three attachments of 10 MB each (ADR 0070).
  { pattern: /^\/admin\/properties\/[^/]+\/updates(\.data)?(\/|$|\?)/, bytes: 32 * 1024 * 1024 },
  // A valuation's report (10 MB) and its fields (ADR 0069).
  { pattern: /^\/admin\/properties\/[^/]+\/valuations(\.data)?(\/|$|\?)/, bytes: 11 * 1024 * 1024 },
];
