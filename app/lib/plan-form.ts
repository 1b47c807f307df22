import { Decimal } from "~/lib/money";
import { maximumMessage, parseRupees } from "~/lib/rupee-input";

/** The most a monthly plan may invest in one month (ADR 0072): well past any retail SIP, far below a column's limit. */
export const PLAN_AMOUNT_MAX = new Decimal("1000000");
export const PLAN_TARGETS = ["property", "basket", "type"] as const;
export type PlanTargetKind = (typeof PLAN_TARGETS)[number];
export const PROPERTY_TYPES = ["residential", "commercial", "mixed", "industrial", "villa", "apartment", "office", "retail"] as const;
export type PlanPropertyType = (typeof PROPERTY_TYPES)[number];

export type PlanInput = {
  amount: Decimal;
  dayOfMonth: number;
  startDate: string;
  endDate: string | null;
  target:
    | { kind: "property"; propertyId: string }
    | { kind: "basket"; items: { propertyId: string; weight: number }[] }
    | { kind: "type"; propertyType: PlanPropertyType };
};

export type PlanField = "amount" | "dayOfMonth" | "startDate" | "endDate" | "target" | "propertyId" | "propertyType" | "weights";
export type PlanFormErrors = Partial<Record<PlanField | "form", string>>;

/** A basket weight's field: one per open property on the form. */
export const weightField = (propertyId: string) => `weight_${propertyId}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string) =>
  DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/**
 * The plan form's rules, the same for a new plan and a change: an amount through the one rupee
 * parser (at most PLAN_AMOUNT_MAX; the minimum of what it buys is the domain's to check), a day
 * 1-31, a start date not in the past, an optional end after it, and what to buy.
 */
export function readPlanForm(
  form: Record<string, string>,
  today: string,
): { ok: true; input: PlanInput } | { ok: false; errors: PlanFormErrors } {
  const errors: PlanFormErrors = {};
  const amount = parseRupees(form.amount, {
    message: "Enter the monthly amount in rupees, such as 5,000",
    max: PLAN_AMOUNT_MAX,
    maxMessage: `${maximumMessage(PLAN_AMOUNT_MAX)} a month`,
  });
  if (!amount.ok) errors.amount = amount.message;
  const day = /^\d{1,2}$/.test(form.dayOfMonth ?? "") ? Number(form.dayOfMonth) : NaN;
  if (!(day >= 1 && day <= 31)) errors.dayOfMonth = "Choose a day of the month from 1 to 31";
  const startDate = (form.startDate ?? "").trim() || today;
  if (!isDate(startDate) || startDate < today) errors.startDate = "Enter a start date from today on";
  const endText = (form.endDate ?? "").trim();
  const endDate = endText === "" ? null : endText;
  if (endDate !== null && (!isDate(endDate) || endDate <= startDate))
    errors.endDate = "Enter an end date after the start date, or leave it empty";
  const target = readTarget(form, errors);
  if (!amount.ok || Object.keys(errors).length > 0 || !target) return { ok: false, errors };
  return { ok: true, input: { amount: amount.value, dayOfMonth: day, startDate, endDate, target } };
}

function readTarget(form: Record<string, string>, errors: PlanFormErrors): PlanInput["target"] | null {
  const kind = form.target as PlanTargetKind;
  if (kind === "property") {
    const propertyId = (form.propertyId ?? "").trim();
    if (!propertyId || propertyId.length > 100) errors.propertyId = "Choose the property to buy";
    return propertyId && !errors.propertyId ? { kind, propertyId } : null;
  }
  if (kind === "basket") {
    const items: { propertyId: string; weight: number }[] = [];
    for (const [key, raw] of Object.entries(form)) {
      if (!key.startsWith("weight_") || raw.trim() === "") continue;
      const weight = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!(weight >= 0 && weight <= 100)) {
        errors.weights = "Give each property a whole-number weight from 1 to 100, or leave it empty";
        return null;
      }
      if (weight > 0) items.push({ propertyId: key.slice("weight_".length), weight });
    }
    if (items.length < 2 || items.length > 20) {
      errors.weights = "A basket holds 2 to 20 properties: give each a weight";
      return null;
    }
    return { kind, items };
  }
  if (kind === "type") {
    const propertyType = form.propertyType as PlanPropertyType;
    if (!PROPERTY_TYPES.includes(propertyType)) {
      errors.propertyType = "Choose a property type";
      return null;
    }
    return { kind, propertyType };
  }
  errors.target = "Choose what the plan buys";
  return null;
}
