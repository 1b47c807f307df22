import { istDate } from "~/domain/distributions/distribution-rules";
import { Decimal, formatINR } from "~/lib/money";
import type { PlanInput, PlanPropertyType } from "~/lib/plan-form";
import type { Db, PrismaClient } from "~/services/db.server";
import { leastPartFor, splitByWeight, typeBasketTargets, type WeightedTarget } from "./plan-allocation";
import { PlanError, planNotFound } from "./plan-errors";
import { nextDueDate } from "./plan-schedule";

const dateText = (value: Date) => value.toISOString().slice(0, 10);
const asDate = (text: string) => new Date(`${text}T00:00:00Z`);

export type OpenProperty = { id: string; title: string; propertyType: string; sharePrice: string; minimumInvestment: string };

/** Every open property, as the plan form offers them. */
export async function listPlanProperties(db: Db): Promise<OpenProperty[]> {
  const rows = await db.property.findMany({
    where: { propertyStatus: "open" },
    orderBy: { title: "asc" },
    select: { id: true, title: true, propertyType: true, sharePrice: true, minimumInvestment: true },
    take: 100,
  });
  return rows.map((r) => ({ ...r, sharePrice: r.sharePrice.toFixed(2), minimumInvestment: r.minimumInvestment.toFixed(2) }));
}

/**
 * What a plan buys this month, with weights: its own items, or every open property of its type
 * weighed by what is left for sale in each (ADR 0077), leaving out any whose part of `amount`
 * could not buy its minimum.
 */
export async function planTargets(
  db: Db,
  plan: { targetKind: string; propertyType: PlanPropertyType | null; items: WeightedTarget[]; amount: Decimal.Value },
): Promise<WeightedTarget[]> {
  if (plan.targetKind !== "type") return plan.items;
  const open = await db.property.findMany({
    where: { propertyStatus: "open", propertyType: plan.propertyType! },
    orderBy: { id: "asc" },
    select: { id: true, sharePrice: true, minimumInvestment: true, availableShares: true },
  });
  return typeBasketTargets(
    plan.amount,
    open.map((p) => ({
      propertyId: p.id,
      sharePrice: p.sharePrice,
      minimumInvestment: p.minimumInvestment,
      availableShares: p.availableShares,
    })),
  );
}

/**
 * The plan must buy at least each property's minimum investment: every property's part of the
 * amount must pay for its minimum in whole shares with the fee. Only open properties can be chosen.
 */
async function checkTargets(db: Db, input: PlanInput): Promise<WeightedTarget[]> {
  const { target } = input;
  const chosen =
    target.kind === "property"
      ? [{ propertyId: target.propertyId, weight: 1 }]
      : target.kind === "basket"
        ? target.items
        : await planTargets(db, { targetKind: "type", propertyType: target.propertyType, items: [], amount: input.amount });
  if (chosen.length === 0)
    throw new PlanError(
      "no_open_property",
      target.kind === "type"
        ? "No open property of this type can be bought with this monthly amount: choose another type or a larger amount."
        : "No property of this type is open for investment now.",
      400,
      "propertyType",
    );
  const properties = await db.property.findMany({
    where: { id: { in: chosen.map((c) => c.propertyId) } },
    select: { id: true, title: true, propertyStatus: true, sharePrice: true, minimumInvestment: true },
  });
  const byId = new Map(properties.map((p) => [p.id, p]));
  const field = target.kind === "basket" ? "weights" : target.kind === "type" ? "propertyType" : "propertyId";
  const parts = splitByWeight(input.amount, chosen);
  for (const item of chosen) {
    const property = byId.get(item.propertyId);
    if (!property || property.propertyStatus !== "open")
      throw new PlanError("property_not_open", "Choose properties that are open for investment.", 400, field);
    const least = leastPartFor(property);
    if (parts.get(item.propertyId)!.lt(least)) {
      throw new PlanError(
        "below_minimum",
        `The monthly amount is too small: ${property.title} needs at least ${formatINR(least, { paise: true })} a month (its minimum investment with the fee)${chosen.length > 1 ? " for its weight" : ""}.`,
        400,
        "amount",
      );
    }
  }
  return chosen;
}

function planData(input: PlanInput) {
  return {
    amount: input.amount.toFixed(2),
    dayOfMonth: input.dayOfMonth,
    startDate: asDate(input.startDate),
    endDate: input.endDate ? asDate(input.endDate) : null,
    targetKind: input.target.kind,
    propertyType: input.target.kind === "type" ? input.target.propertyType : null,
  };
}

/** A new monthly plan, active from its start date, paid from the wallet. */
export async function createPlan(prisma: Db, userId: string, input: PlanInput): Promise<{ planId: string }> {
  const items = await checkTargets(prisma, input);
  const plan = await prisma.investmentPlan.create({
    data: {
      userId,
      ...planData(input),
      items: input.target.kind === "type" ? undefined : { create: items.map((i) => ({ propertyId: i.propertyId, weight: i.weight })) },
    },
    select: { id: true },
  });
  return { planId: plan.id };
}

/** The owner's live plan, or not found (another investor's plan is not found either). */
async function ownLivePlan(db: Db, userId: string, planId: string) {
  const plan = await db.investmentPlan.findFirst({ where: { id: planId, userId }, select: { id: true, status: true } });
  if (!plan) throw planNotFound();
  if (plan.status === "cancelled") throw new PlanError("plan_cancelled", "This plan was cancelled; create a new one instead.", 409);
  return plan;
}

/**
 * Changes amount, day, end date or what the plan buys. The start date and the runs already made
 * stay as they were (ADR 0077): a change is the same plan going on, not a new one.
 */
export async function changePlan(prisma: PrismaClient, userId: string, planId: string, input: PlanInput): Promise<void> {
  await ownLivePlan(prisma, userId, planId);
  const { startDate } = await prisma.investmentPlan.findUniqueOrThrow({ where: { id: planId }, select: { startDate: true } });
  if (input.endDate !== null && input.endDate <= dateText(startDate))
    throw new PlanError("bad_end_date", "Enter an end date after the plan's start date, or leave it empty.", 400, "endDate");
  const items = await checkTargets(prisma, input);
  const { startDate: _ignored, ...changes } = planData(input);
  await prisma.$transaction(async (tx) => {
    const changed = await tx.investmentPlan.updateMany({
      where: { id: planId, userId, status: { not: "cancelled" } },
      data: changes,
    });
    if (changed.count !== 1) throw planNotFound();
    await tx.investmentPlanItem.deleteMany({ where: { planId } });
    if (input.target.kind !== "type") await tx.investmentPlanItem.createMany({ data: items.map((i) => ({ planId, ...i })) });
  });
}

export type PlanStatusChange = "pause" | "resume" | "cancel";
const NEXT_STATUS: Record<PlanStatusChange, { from: string[]; to: string }> = {
  pause: { from: ["active"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  cancel: { from: ["active", "paused"], to: "cancelled" },
};

/** Pause, resume or cancel, by a conditional update: a second click changes nothing and says so. */
export async function changePlanStatus(db: Db, userId: string, planId: string, change: PlanStatusChange): Promise<void> {
  await ownLivePlan(db, userId, planId);
  const rule = NEXT_STATUS[change];
  const updated = await db.investmentPlan.updateMany({
    where: { id: planId, userId, status: { in: rule.from } },
    data: { status: rule.to },
  });
  if (updated.count !== 1) {
    throw new PlanError("status_unchanged", change === "pause" ? "This plan is already paused." : "This plan is already active.", 409);
  }
}

export type PlanRunLine = {
  propertyId: string;
  title: string;
  budget: string;
  shares: number;
  total: string;
  transactionId: string | null;
  reason: string | null;
};

export type PlanSummary = {
  id: string;
  amount: string;
  dayOfMonth: number;
  startDate: string;
  endDate: string | null;
  targetKind: string;
  propertyType: string | null;
  status: string;
  items: { propertyId: string; title: string; weight: number }[];
  nextRunDate: string | null;
};

export type PlanRunRow = {
  id: string;
  period: string;
  dueDate: string;
  status: string;
  amount: string;
  spent: string;
  reason: string | null;
  lines: PlanRunLine[];
  /** Why the bank refused a UPI AutoPay debit, as the provider said it. */
  debitFailure: string | null;
};

const SUMMARY_SELECT = {
  id: true,
  amount: true,
  dayOfMonth: true,
  startDate: true,
  endDate: true,
  targetKind: true,
  propertyType: true,
  status: true,
  items: { select: { propertyId: true, weight: true, property: { select: { title: true } } }, orderBy: { propertyId: "asc" } },
} as const;

type SummaryRow = {
  id: string;
  amount: Decimal;
  dayOfMonth: number;
  startDate: Date;
  endDate: Date | null;
  targetKind: string;
  propertyType: string | null;
  status: string;
  items: { propertyId: string; weight: number; property: { title: string } }[];
};

function toSummary(row: SummaryRow, today: string): PlanSummary {
  const calendar = { dayOfMonth: row.dayOfMonth, startDate: dateText(row.startDate), endDate: row.endDate ? dateText(row.endDate) : null };
  return {
    id: row.id,
    amount: row.amount.toFixed(2),
    ...calendar,
    targetKind: row.targetKind,
    propertyType: row.propertyType,
    status: row.status,
    items: row.items.map((i) => ({ propertyId: i.propertyId, title: i.property.title, weight: i.weight })),
    nextRunDate: row.status === "active" ? nextDueDate(calendar, today) : null,
  };
}

/** The investor's plans, newest first, cancelled ones last. */
export async function listPlans(db: Db, userId: string, now = new Date()): Promise<PlanSummary[]> {
  const rows = await db.investmentPlan.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: SUMMARY_SELECT, take: 50 });
  const today = istDate(now);
  return rows.map((row) => toSummary(row, today)).sort((a, b) => Number(a.status === "cancelled") - Number(b.status === "cancelled"));
}

/** One of the investor's plans with its run history, newest first. */
export async function getPlan(
  db: Db,
  userId: string,
  planId: string,
  now = new Date(),
): Promise<{ plan: PlanSummary; runs: PlanRunRow[] }> {
  const row = await db.investmentPlan.findFirst({ where: { id: planId, userId }, select: SUMMARY_SELECT });
  if (!row) throw planNotFound();
  const runs = await db.investmentPlanRun.findMany({
    where: { planId },
    orderBy: { period: "desc" },
    take: 60,
    include: { debit: { select: { status: true, failureReason: true } } },
  });
  return {
    plan: toSummary(row, istDate(now)),
    runs: runs.map((run) => ({
      id: run.id,
      period: run.period,
      dueDate: dateText(run.dueDate),
      status: run.status,
      amount: run.amount.toFixed(2),
      spent: run.spent.toFixed(2),
      reason: run.reason,
      lines: (run.lines as PlanRunLine[] | null) ?? [],
      debitFailure: run.debit?.status === "failed" ? run.debit.failureReason : null,
    })),
  };
}

/** The sum of the investor's active plans a month: what the goal planner projects. */
export function monthlyContribution(plans: PlanSummary[]): Decimal {
  return plans.filter((p) => p.status === "active").reduce((sum, p) => sum.plus(p.amount), new Decimal(0));
}
