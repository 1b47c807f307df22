import { z } from "zod";
import { ACCOUNT_TYPES, accountNumbersMatch, isValidAccountNumber } from "./bank-details";
import { indiaToday, isAdultOn, isValidPostalCode, KYC_COUNTRIES, normalizeIndianMobile, parseCalendarDate } from "./contact";
import { isIndiaRegionCode } from "~/lib/india-states";
import { isPersonName, PERSON_NAME_MESSAGE } from "~/lib/person-name";
import { isValidAadhaar, isValidIfsc, isValidPan, normalizeAadhaar, normalizeIfsc, normalizePan } from "./identity-numbers";

/** The wizard's steps, in order; a step's number is its index + 1. */
export const KYC_STEPS = [
  { key: "personal", title: "Personal Information" },
  { key: "documents", title: "Document Upload" },
  { key: "bank", title: "Bank Details" },
  { key: "photo", title: "Photo Verification" },
  { key: "review", title: "Review & Submit" },
] as const;
export type KycStepKey = (typeof KYC_STEPS)[number]["key"];
export const KYC_STEP_COUNT = KYC_STEPS.length;

/** The spec's toast per step refusal (000 §8). */
export const KYC_TOASTS = {
  incomplete: { title: "Incomplete Information", description: "Please fill in all required personal information." },
  aadhaarConsent: {
    title: "Consent Required",
    description: "Please agree to the use of your Aadhaar for KYC verification, or leave the Aadhaar number empty and contact support.",
  },
  documents: { title: "Documents Required", description: "Please upload your PAN card and both sides of your Aadhaar card." },
  bank: { title: "Bank Details Required", description: "Please fill in all bank details." },
  accountMismatch: { title: "Account Numbers Don't Match", description: "Please make sure both account numbers are the same." },
  selfie: { title: "Selfie Required", description: "Please upload a selfie for verification." },
  uploadFailed: { title: "Upload Failed", description: "Your document could not be uploaded. Please try again." },
  submissionFailed: { title: "Submission Failed", description: "Your KYC could not be submitted. Please try again." },
  submitted: { title: "KYC Submitted", description: "Your documents are under review. We will notify you once verified." },
  rejected: { title: "KYC Rejected", description: "Your KYC was rejected. Please review and resubmit." },
  approved: { title: "KYC Approved", description: "You can now invest in properties" },
} as const;

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

/** Step 1. `today` is India's calendar date (see indiaToday), so the age rule has a clock. */
export function personalStepSchema(now: Date) {
  const today = indiaToday(now);
  return z.object({
    fullName: required("Full name").max(120, "Full name is too long").refine(isPersonName, PERSON_NAME_MESSAGE),
    dateOfBirth: required("Date of birth")
      .refine((value) => parseCalendarDate(value) !== null, "Enter a valid date")
      .refine((value) => parseCalendarDate(value) === null || isAdultOn(value, today), "You must be at least 18 years old"),
    address: required("Address").max(300, "Address is too long"),
    city: required("City").max(100, "City is too long"),
    stateCode: required("State or union territory").refine(isIndiaRegionCode, "Choose your state or union territory from the list"),
    postalCode: required("Postal code").refine(isValidPostalCode, "Enter a 6-digit postal code that does not start with 0"),
    phone: required("Phone")
      .refine((value) => normalizeIndianMobile(value) !== null, "Enter an Indian mobile number: +91 and 10 digits starting with 6-9")
      .transform((value) => normalizeIndianMobile(value)!),
    country: z.enum(KYC_COUNTRIES, { error: "Aangan serves residents of India only" }).default("India"),
  });
}
export type PersonalStep = z.infer<ReturnType<typeof personalStepSchema>>;

/** The field names of step 1 as the form labels them, so a refusal can name what to fix. */
export const KYC_FIELD_LABELS: Record<string, string> = {
  fullName: "Full name",
  dateOfBirth: "Date of birth",
  address: "Address",
  city: "City",
  stateCode: "State or union territory",
  postalCode: "PIN code",
  phone: "Mobile number",
  country: "Country",
  panNumber: "PAN number",
  aadhaarNumber: "Aadhaar number",
  aadhaarConsent: "Aadhaar consent",
  accountNumber: "Account number",
  confirmAccountNumber: "Confirm account number",
  ifscCode: "IFSC code",
  bankName: "Bank name",
  accountType: "Account type",
};

/** "Please check: PIN code, Mobile number." for the fields a step refused, in form order. */
export function describeInvalidFields(fieldNames: readonly string[]): string {
  const order = Object.keys(KYC_FIELD_LABELS);
  const names = [...new Set(fieldNames)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return `Please check: ${names.map((name) => KYC_FIELD_LABELS[name] ?? name).join(", ")}.`;
}

export const AADHAAR_CONSENT_TEXT =
  "I agree that Aangan may use my Aadhaar number and card images only to verify my identity for KYC, as the Aadhaar Act, 2016 allows with my consent. Aangan keeps only the last 4 digits of the number.";

/**
 * Step 2's typed numbers (the files travel separately). Aadhaar is optional to type; when
 * typed it must check out. The Aadhaar card images are required, so consent to their use
 * is asked for explicitly every time.
 */
export const documentNumbersSchema = z.object({
  aadhaarConsent: z.literal("on", { error: "Tick the box to agree to the use of your Aadhaar for KYC" }),
  panNumber: required("PAN number").transform(normalizePan).refine(isValidPan, "Enter a valid PAN: five letters, four digits, a letter"),
  aadhaarNumber: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? normalizeAadhaar(value) : undefined))
    .refine((value) => value === undefined || isValidAadhaar(value), "Enter a valid 12-digit Aadhaar number"),
});
export type DocumentNumbers = z.infer<typeof documentNumbersSchema>;

/** Step 3. The mismatch is reported on the confirmation field with the spec's title. */
export const bankStepSchema = z
  .object({
    accountNumber: required("Account number").refine(isValidAccountNumber, "Enter 9 to 18 digits"),
    confirmAccountNumber: required("Confirm account number"),
    ifscCode: required("IFSC code")
      .transform(normalizeIfsc)
      .refine(isValidIfsc, "Enter a valid IFSC: four letters, a zero, six letters or digits"),
    bankName: required("Bank name").max(120, "Bank name is too long"),
    accountType: z.enum(ACCOUNT_TYPES, { error: "Choose savings or current" }),
  })
  .superRefine((value, context) => {
    if (!accountNumbersMatch(value.accountNumber, value.confirmAccountNumber)) {
      context.addIssue({ code: "custom", path: ["confirmAccountNumber"], message: KYC_TOASTS.accountMismatch.title });
    }
  });
export type BankStep = z.infer<typeof bankStepSchema>;
