import { parseRupees } from "~/lib/rupee-input";
import type { PropertyField } from "./property-form";

/**
 * The facts the invest page shows beyond the basics (tenant, lease, yield, SPV, valuation,
 * fees), as form fields. They are optional while a property is a draft; a property cannot
 * open for investment until every one the invest page needs is filled in (ADR 0050).
 */
export const FACT_FIELDS: readonly PropertyField[] = [
  { name: "tenantName", label: "Tenant", section: "facts", kind: "text" },
  { name: "tenantSector", label: "Tenant sector", section: "facts", kind: "text" },
  { name: "leaseStartDate", label: "Lease start", section: "facts", kind: "date" },
  { name: "leaseTermMonths", label: "Lease term (months)", section: "facts", kind: "integer" },
  { name: "lockInMonths", label: "Lock-in (months)", section: "facts", kind: "integer" },
  { name: "rentEscalationPercent", label: "Rent escalation (%)", section: "facts", kind: "percent" },
  { name: "escalationIntervalMonths", label: "Escalation every (months)", section: "facts", kind: "integer" },
  { name: "monthlyRent", label: "Monthly rent (₹)", section: "facts", kind: "money" },
  { name: "expectedRentalYield", label: "Expected rental yield (%)", section: "facts", kind: "percent" },
  { name: "expectedAppreciation", label: "Expected appreciation (%)", section: "facts", kind: "percent" },
  { name: "spvName", label: "SPV name", section: "facts", kind: "text" },
  { name: "spvStructure", label: "SPV structure", section: "facts", kind: "textarea" },
  { name: "valuationAmount", label: "Independent valuation (₹)", section: "facts", kind: "money" },
  { name: "valuerName", label: "Valuer", section: "facts", kind: "text" },
  { name: "valuationDate", label: "Valuation date", section: "facts", kind: "date" },
  { name: "managementFeePercent", label: "Management fee (% a year)", section: "facts", kind: "percent" },
  { name: "performanceFeePercent", label: "Performance fee (%)", section: "facts", kind: "percent" },
  { name: "exitFeePercent", label: "Exit fee (%)", section: "facts", kind: "percent" },
];

export type PropertyFactData = {
  tenantName: string | null;
  tenantSector: string | null;
  leaseStartDate: Date | null;
  leaseTermMonths: number | null;
  lockInMonths: number | null;
  rentEscalationPercent: string | null;
  escalationIntervalMonths: number | null;
  monthlyRent: string | null;
  expectedRentalYield: string | null;
  expectedAppreciation: string | null;
  spvName: string | null;
  spvStructure: string | null;
  valuationAmount: string | null;
  valuerName: string | null;
  valuationDate: Date | null;
  managementFeePercent: string | null;
  performanceFeePercent: string | null;
  exitFeePercent: string | null;
};

/** ₹10,000 crore: a valuation or a monthly rent above this is a typing slip, not a property. */
const FACT_AMOUNT_MAX = "100000000000";
const MONTHS = /^\d{1,3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses the fact fields; empty stays null, a malformed value is named in `invalid`. */
export function parseFactFields(values: Record<string, string>): { data: PropertyFactData; invalid: Record<string, string> } {
  const invalid: Record<string, string> = {};
  const data: Record<string, string | number | Date | null> = {};
  for (const field of FACT_FIELDS) {
    const raw = (values[field.name] ?? "").trim();
    const plain = raw.replace(/[,\s₹%]/g, "");
    const bad = () => {
      invalid[field.name] = `${field.label.replace(/ \(.*\)$/, "")} must be a valid ${field.kind === "date" ? "date" : "number"}`;
      data[field.name] = null;
    };
    if (raw === "") {
      data[field.name] = null;
      continue;
    }
    const value = readFact(field, raw, plain);
    if (value === undefined) bad();
    else data[field.name] = value;
  }
  return { data: data as PropertyFactData, invalid };
}

/** One typed fact, or undefined when it is not a valid value of its kind. */
function readFact(field: PropertyField, raw: string, plain: string): string | number | Date | undefined {
  switch (field.kind) {
    case "text":
      return raw.slice(0, 200);
    case "textarea":
      return raw.slice(0, 2000);
    case "integer":
      return MONTHS.test(plain) && Number(plain) > 0 ? Number(plain) : undefined;
    case "money": {
      // The one rupee parser (ADR 0056), bounded well above any one property's value or rent.
      const parsed = parseRupees(raw, { message: "", max: FACT_AMOUNT_MAX });
      return parsed.ok ? parsed.value.toFixed(2) : undefined;
    }
    case "percent": {
      // A percentage is read like an amount (no exponents, at most 2 decimals), 0 to 100; a fee of 0 is a fact.
      const parsed = parseRupees(raw.replace(/\s*%$/, ""), { message: "", max: 100, allowZero: true });
      return parsed.ok ? parsed.value.toFixed(2) : undefined;
    }
    case "date": {
      const parsed = DATE.test(raw) ? new Date(`${raw}T00:00:00Z`) : null;
      return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined;
    }
    default:
      return undefined;
  }
}
