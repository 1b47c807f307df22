import { formatINR } from "~/lib/money";

export const PLAN_STATUS_LABEL: Record<string, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled" };
export const RUN_STATUS_LABEL: Record<string, string> = {
  scheduled: "Scheduled",
  running: "Running",
  completed: "Invested",
  partial: "Partly invested",
  failed: "Not invested",
  awaiting_debit: "Waiting for the UPI AutoPay debit",
  funded: "Debited, investing",
};
export const RUN_REASON_LABEL: Record<string, string> = {
  property_not_open: "Property not open",
  insufficient_balance: "Not enough money in the wallet",
  kyc_required: "KYC not approved",
  below_minimum: "Below the property's minimum",
  sold_out: "No shares left",
  no_open_property: "No open property of the type",
  failed: "Purchase failed",
  debit_failed: "UPI AutoPay debit failed",
  mandate_limit: "Above the UPI AutoPay mandate's limit",
  debit_unavailable: "UPI AutoPay unavailable",
};

type PlanLike = { targetKind: string; propertyType: string | null; items: { title: string; weight: number }[] };

/** What a plan buys, in words. */
export function planTargetText(plan: PlanLike): string {
  if (plan.targetKind === "type") return `every open ${plan.propertyType} property, split by what is left for sale in each`;
  if (plan.targetKind === "property") return plan.items[0]?.title ?? "one property";
  const total = plan.items.reduce((sum, i) => sum + i.weight, 0);
  return plan.items.map((i) => `${i.title} ${Math.round((i.weight * 100) / total)}%`).join(", ");
}

export const ordinalDay = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? "st" : day % 10 === 2 && day !== 12 ? "nd" : day % 10 === 3 && day !== 13 ? "rd" : "th"}`;

export const monthlyText = (amount: string, day: number) => `${formatINR(amount)} on the ${ordinalDay(day)} of each month`;

type FormReply = {
  intent: string;
  values: Record<string, string>;
  errors?: Record<string, string | undefined>;
  result?: { error?: Record<string, string[] | null> | null } | null;
};

/**
 * A plan form's reply with one message per field (a domain refusal's form-wide message under
 * "form"), or nothing when the action answered with a plain refusal (an unreadable form).
 */
export function planFormReply(reply: FormReply | string | undefined) {
  if (!reply || typeof reply !== "object" || typeof reply.intent !== "string") return undefined;
  const refusal = Object.entries(reply.result?.error ?? {}).map(([field, messages]) => [field === "" ? "form" : field, messages?.[0]]);
  return {
    intent: reply.intent,
    values: reply.values,
    errors: { ...reply.errors, ...Object.fromEntries(refusal) } as Record<string, string | undefined>,
  };
}
