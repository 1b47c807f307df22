import Decimal from "decimal.js";
import { NUMERIC_16_2_MAX, parseRupees } from "~/lib/rupee-input";
import { FACT_FIELDS, parseFactFields, type PropertyFactData } from "./property-fact-fields";
import { type PropertyStatus, type PropertyType } from "~/lib/enums";

/**
 * The property form, described once: the create and edit pages render these fields and
 * the server validates them from the same list. A new column is one more entry here (and
 * its column in `toPropertyData`).
 */
export type FieldKind = "text" | "textarea" | "money" | "percent" | "integer" | "date" | "select" | "checkbox";

export type PropertyField = {
  name: string;
  label: string;
  section: "basic" | "financial" | "facts" | "status";
  kind: FieldKind;
  required?: boolean;
  options?: readonly (readonly [string, string])[];
  help?: string;
  /** Only on the edit form. */
  editOnly?: boolean;
};

export const COUNTRIES = ["India", "USA", "UK", "Canada"] as const;
export const PROPERTY_TYPE_OPTIONS = [
  ["residential", "Residential"],
  ["commercial", "Commercial"],
  ["mixed", "Mixed-use"],
  ["industrial", "Industrial"],
] as const satisfies readonly (readonly [PropertyType, string])[];
export const CREATE_STATUSES = [
  ["draft", "Draft"],
  ["open", "Open"],
  ["closed", "Closed"],
] as const satisfies readonly (readonly [PropertyStatus, string])[];
export const EDIT_STATUSES = [
  ["draft", "Draft"],
  ["upcoming", "Upcoming"],
  ["open", "Open"],
  ["closed", "Closed"],
  ["funded", "Funded"],
] as const satisfies readonly (readonly [PropertyStatus, string])[];

export const PROPERTY_FIELDS: readonly PropertyField[] = [
  { name: "title", label: "Title", section: "basic", kind: "text", required: true },
  { name: "description", label: "Description", section: "basic", kind: "textarea", required: true },
  { name: "address", label: "Address", section: "basic", kind: "text", required: true },
  { name: "city", label: "City", section: "basic", kind: "text", required: true },
  { name: "country", label: "Country", section: "basic", kind: "select", options: COUNTRIES.map((c) => [c, c] as const) },
  { name: "propertyType", label: "Property type", section: "basic", kind: "select", options: PROPERTY_TYPE_OPTIONS },
  { name: "totalValue", label: "Total value (₹)", section: "financial", kind: "money", required: true },
  { name: "sharePrice", label: "Share price (₹)", section: "financial", kind: "money", required: true },
  { name: "fundingGoal", label: "Funding goal (₹)", section: "financial", kind: "money", required: true },
  { name: "minimumInvestment", label: "Minimum investment (₹)", section: "financial", kind: "money", help: "Defaults to the share price." },
  { name: "maximumInvestment", label: "Maximum investment (₹)", section: "financial", kind: "money", help: "Leave empty for no maximum." },
  { name: "expectedAnnualReturn", label: "Expected annual return (%)", section: "financial", kind: "percent" },
  { name: "investmentStartDate", label: "Investment start date", section: "financial", kind: "date" },
  { name: "investmentEndDate", label: "Investment end date", section: "financial", kind: "date" },
  ...FACT_FIELDS,
  { name: "propertyStatus", label: "Status", section: "status", kind: "select", options: CREATE_STATUSES },
  { name: "featured", label: "Featured on the home page", section: "status", kind: "checkbox" },
];

export type PropertyFormValues = Record<string, string>;

export type PropertyFormData = PropertyFactData & {
  title: string;
  description: string;
  address: string;
  city: string;
  country: string;
  propertyType: (typeof PROPERTY_TYPE_OPTIONS)[number][0];
  propertyStatus: PropertyStatus;
  totalValue: string;
  sharePrice: string;
  fundingGoal: string;
  minimumInvestment: string;
  maximumInvestment: string | null;
  expectedAnnualReturn: string | null;
  investmentStartDate: Date | null;
  investmentEndDate: Date | null;
  featured: boolean;
  /** floor(funding_goal / share_price). */
  totalShares: number;
};

export type PropertyFormResult =
  { ok: true; data: PropertyFormData } | { ok: false; title: string; message: string; fieldErrors: Record<string, string> };

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The form's values as typed; numbers may carry grouping commas and spaces ("1,00,000"). */
function numberText(value: string): string {
  return value.replace(/[,\s₹]/g, "");
}

/**
 * Validates a submitted form with the spec's rules and messages ('Missing Required Fields',
 * 'Invalid Number') and fills in its defaults. Create and edit share the rules: the spec's
 * edit path (empty number → 0) would allow a share price of 0 (ADR 0016).
 */
export function parsePropertyForm(values: PropertyFormValues, mode: "create" | "edit"): PropertyFormResult {
  const text = (name: string) => (values[name] ?? "").trim();
  const missing = PROPERTY_FIELDS.filter((field) => field.required && text(field.name) === "");
  if (missing.length > 0) {
    return {
      ok: false,
      title: "Missing Required Fields",
      message: `Please fill in: ${missing.map((field) => field.label.replace(/ \(.*\)$/, "")).join(", ")}`,
      fieldErrors: Object.fromEntries(missing.map((field) => [field.name, "Required"])),
    };
  }
  const fieldErrors: Record<string, string> = {};
  const invalidNumbers: string[] = [];
  // The one rupee parser ("1,00,000", "₹25,000.50"; never "1e5"), bounded by what the column holds.
  const money = (name: string, label: string): string | null => {
    if (text(name) === "") return null;
    const parsed = parseRupees(text(name), { message: `${label} must be a valid number`, max: NUMERIC_16_2_MAX });
    if (!parsed.ok) {
      invalidNumbers.push(label);
      fieldErrors[name] = `${label} must be a valid number`;
      return null;
    }
    return parsed.value.toFixed(2);
  };
  const totalValue = money("totalValue", "Total value");
  const sharePrice = money("sharePrice", "Share price");
  const fundingGoal = money("fundingGoal", "Funding goal");
  const minimumInvestment = money("minimumInvestment", "Minimum investment");
  const maximumInvestment = money("maximumInvestment", "Maximum investment");
  const returnRaw = numberText(text("expectedAnnualReturn"));
  let expectedAnnualReturn: string | null = null;
  if (returnRaw !== "") {
    if (!PERCENT.test(returnRaw) || new Decimal(returnRaw).gt(100)) {
      invalidNumbers.push("Expected annual return");
      fieldErrors.expectedAnnualReturn = "Expected annual return must be a valid number";
    } else expectedAnnualReturn = new Decimal(returnRaw).toFixed(2);
  }
  const facts = parseFactFields(values);
  for (const [name, message] of Object.entries(facts.invalid)) {
    invalidNumbers.push(message.replace(/ must be .*$/, ""));
    fieldErrors[name] = message;
  }
  if (invalidNumbers.length > 0) {
    return { ok: false, title: "Invalid Number", message: fieldErrors[Object.keys(fieldErrors)[0]!]!, fieldErrors };
  }
  const totalShares = new Decimal(fundingGoal!).dividedToIntegerBy(sharePrice!).toNumber();
  if (totalShares < 1) {
    return {
      ok: false,
      title: "Invalid Number",
      message: "Funding goal must be at least one share price",
      fieldErrors: { fundingGoal: "Funding goal must be at least one share price" },
    };
  }
  const minimum = minimumInvestment ?? sharePrice!;
  if (maximumInvestment && new Decimal(maximumInvestment).lt(minimum)) {
    return {
      ok: false,
      title: "Invalid Number",
      message: "Maximum investment must be at least the minimum investment",
      fieldErrors: { maximumInvestment: "Maximum investment must be at least the minimum investment" },
    };
  }
  const date = (name: string): Date | null => {
    const raw = text(name);
    if (!DATE.test(raw)) return null;
    const parsed = new Date(`${raw}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  };
  const statuses = mode === "create" ? CREATE_STATUSES : EDIT_STATUSES;
  const country = COUNTRIES.find((c) => c === text("country")) ?? "India";
  const typeValue = text("propertyType") === "mixed-use" ? "mixed" : text("propertyType");
  return {
    ok: true,
    data: {
      title: text("title").slice(0, 200),
      description: text("description").slice(0, 5000),
      address: text("address").slice(0, 300),
      city: text("city").slice(0, 100),
      country,
      propertyType: PROPERTY_TYPE_OPTIONS.find(([value]) => value === typeValue)?.[0] ?? "residential",
      propertyStatus: statuses.find(([value]) => value === text("propertyStatus"))?.[0] ?? "draft",
      totalValue: totalValue!,
      sharePrice: sharePrice!,
      fundingGoal: fundingGoal!,
      minimumInvestment: minimum,
      maximumInvestment,
      expectedAnnualReturn,
      investmentStartDate: date("investmentStartDate"),
      investmentEndDate: date("investmentEndDate"),
      featured: values.featured === "on" || values.featured === "true",
      totalShares,
      ...facts.data,
    },
  };
}
