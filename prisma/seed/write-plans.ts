import { createPlan } from "~/domain/plans/plans.server";
import { leastPartFor } from "~/domain/plans/plan-allocation";
import { turnOnReinvestmentIn } from "~/domain/plans/reinvest.server";
import { Decimal } from "~/lib/money";
import type { SeedContext } from "./context";
import { PERSONAS, userId } from "./personas";

/**
 * The small investor's monthly plan (ADR 0072), made by the plan's own command: a basket of the
 * two open properties with the lowest minimums, weighted 1:2, for an amount that buys each one's
 * minimum, on the 5th of every month from next month, with rent reinvested across holdings and
 * the basket as fallback. Its runs come from the schedule once the app is running.
 */
export async function writePlans({ tx, clock }: SeedContext): Promise<void> {
  const owner = userId(PERSONAS.small.email);
  // Seeding again adds nothing: the plan is there from the first run.
  if (await tx.investmentPlan.findFirst({ where: { userId: owner }, select: { id: true } })) return;
  const open = await tx.property.findMany({
    where: { propertyStatus: "open" },
    orderBy: [{ minimumInvestment: "asc" }, { id: "asc" }],
    select: { id: true, sharePrice: true, minimumInvestment: true },
    take: 2,
  });
  if (open.length < 2) return;
  const [first, second] = open as [(typeof open)[0], (typeof open)[0]];
  // Each part (1/3 and 2/3) must buy its property's minimum with the fee; rounded up to ₹1,000.
  const needed = Decimal.max(leastPartFor(first).times(3), leastPartFor(second).times(3).dividedBy(2));
  const amount = needed.dividedBy(1000).ceil().times(1000);
  const now = clock.now;
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const { planId } = await createPlan(tx, owner, {
    amount,
    dayOfMonth: 5,
    startDate: nextMonth,
    endDate: null,
    target: {
      kind: "basket",
      items: [
        { propertyId: first.id, weight: 1 },
        { propertyId: second.id, weight: 2 },
      ],
    },
  });
  await turnOnReinvestmentIn(tx, owner, { propertyId: null, fallbackPlanId: planId });
}
