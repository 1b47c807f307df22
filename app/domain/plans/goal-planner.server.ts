import { getPortfolioOverview } from "~/domain/portfolio/portfolio-overview.server";
import { listOpenPositions, type PositionRow } from "~/domain/portfolio/positions.server";
import { layoutGoalChart, type GoalChartLayout } from "~/lib/charts/goal-chart-layout";
import { Decimal } from "~/lib/money";
import { describeXirr } from "~/lib/portfolio/xirr";
import { preparedQuery, type PreparedStatement, type PrismaClient } from "~/services/db.server";
import { monthlyNeeded, monthsBetween, projectContributions, yieldBand } from "./goal-projection";
import { listPlans, monthlyContribution, type PlanSummary } from "./plans.server";

export type GoalPlanner = {
  monthly: string;
  startValue: string;
  statedYield: string;
  band: { low: string; base: string; high: string };
  months: number;
  projected: { low: string; base: string; high: string; contributed: string } | null;
  goal: string | null;
  goalDate: string | null;
  /** The monthly amount that reaches the goal at the base yield. */
  monthlyNeeded: string | null;
  actualReturn: string;
  chart: GoalChartLayout | null;
};

/** The horizon shown without a goal: five years. */
const DEFAULT_MONTHS = 60;

/**
 * The goal planner: the active plans' monthly total from today's holdings (at cost), grown at
 * the stated yields of what the plans buy (weighted; the holdings' when no plan states one),
 * with a band either side; the monthly amount a goal needs; and the investor's actual XIRR.
 */
export async function getGoalPlanner(
  prisma: PrismaClient,
  userId: string,
  input: { goal: Decimal | null; goalDate: string | null; today: string },
  // The plans page reads both for its own lists: the planner waits for the same reads instead of repeating them.
  read: { plans: Promise<PlanSummary[]>; positions: Promise<PositionRow[]> } = {
    plans: listPlans(prisma, userId),
    positions: listOpenPositions(prisma, userId),
  },
): Promise<GoalPlanner> {
  const [plans, positions, overview] = await Promise.all([read.plans, read.positions, getPortfolioOverview(prisma, userId)]);
  const monthly = monthlyContribution(plans);
  const startValue = positions.reduce((sum, p) => sum.plus(p.costBasis), new Decimal(0));
  const statedYield = await statedYieldOf(
    prisma,
    plans
      .filter((p) => p.status === "active")
      .flatMap((p) => p.items.map((i) => ({ propertyId: i.propertyId, weight: new Decimal(p.amount).times(i.weight) }))),
    positions.map((p) => ({ propertyId: p.propertyId, weight: new Decimal(p.costBasis) })),
  );
  const band = yieldBand(statedYield);
  const months = input.goalDate ? monthsBetween(input.today, input.goalDate) : DEFAULT_MONTHS;
  const points = projectContributions(startValue, monthly, months, band);
  const last = points[points.length - 1];
  const asNumber = (value: Decimal) => value.toNumber();
  return {
    monthly: monthly.toFixed(2),
    startValue: startValue.toFixed(2),
    statedYield: statedYield.toFixed(2),
    band: { low: band.low.toFixed(2), base: band.base.toFixed(2), high: band.high.toFixed(2) },
    months,
    projected:
      last && months > 0
        ? { low: last.low.toFixed(2), base: last.base.toFixed(2), high: last.high.toFixed(2), contributed: last.contributed.toFixed(2) }
        : null,
    goal: input.goal?.toFixed(2) ?? null,
    goalDate: input.goalDate,
    monthlyNeeded: input.goal && input.goalDate ? monthlyNeeded(input.goal, startValue, months, band.base).toFixed(2) : null,
    actualReturn: describeXirr(overview.annualisedReturn),
    chart: layoutGoalChart(
      points.map((p) => ({
        month: p.month,
        contributed: asNumber(p.contributed),
        low: asNumber(p.low),
        base: asNumber(p.base),
        high: asNumber(p.high),
      })),
      input.goal ? asNumber(input.goal) : null,
    ),
  };
}

// $1 the properties: those that state an expected annual return, with it.
const READ_STATED_YIELDS: PreparedStatement = {
  name: "read_stated_yields",
  text: `SELECT json_object_agg(id, expected_annual_return::text) AS yields FROM properties WHERE id = ANY ($1::text[]) AND expected_annual_return IS NOT NULL`,
};

/** The weighted stated yield (expected annual return) of the first set of properties that states any, else zero. */
async function statedYieldOf(prisma: PrismaClient, ...candidates: { propertyId: string; weight: Decimal }[][]): Promise<Decimal> {
  for (const set of candidates) {
    if (set.length === 0) continue;
    const [read] = await preparedQuery<{ yields: Record<string, string> | null }>(prisma, READ_STATED_YIELDS, [
      set.map((s) => s.propertyId),
    ]);
    const yields = new Map(Object.entries(read?.yields ?? {}).map(([id, stated]) => [id, new Decimal(stated)]));
    const stated = set.filter((s) => yields.has(s.propertyId));
    const weight = stated.reduce((sum, s) => sum.plus(s.weight), new Decimal(0));
    if (weight.gt(0))
      return stated
        .reduce((sum, s) => sum.plus(yields.get(s.propertyId)!.times(s.weight)), new Decimal(0))
        .dividedBy(weight)
        .toDecimalPlaces(2);
  }
  return new Decimal(0);
}
