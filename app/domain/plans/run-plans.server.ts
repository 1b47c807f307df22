import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { formatINR } from "~/lib/money";
import type { PlanPropertyType } from "~/lib/plan-form";
import { runTransaction, type Prisma, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { buyWholeShares, REASON_TEXT, type BuyOutcome } from "./plan-purchases.server";
import { planTargets } from "./plans.server";
import { reinvestPaidRent } from "./reinvest.server";
import { dayAfter, dueDateIn, duePeriodOn, nextDueDate, periodOf } from "./plan-schedule";

const dateText = (value: Date) => value.toISOString().slice(0, 10);
// A run still 'running' this long after its claim died with its process; a later job takes it over.
const STALE_CLAIM_MINUTES = 15;

const PLAN_SELECT = {
  id: true,
  userId: true,
  amount: true,
  dayOfMonth: true,
  startDate: true,
  endDate: true,
  status: true,
  targetKind: true,
  propertyType: true,
  items: { select: { propertyId: true, weight: true }, orderBy: { propertyId: "asc" } },
  user: { select: { email: true, fullName: true } },
} as const;

type LoadedPlan = Prisma.InvestmentPlanGetPayload<{ select: typeof PLAN_SELECT }>;
const calendarOf = (plan: LoadedPlan) => ({
  dayOfMonth: plan.dayOfMonth,
  startDate: dateText(plan.startDate),
  endDate: plan.endDate ? dateText(plan.endDate) : null,
});

export type PlanRunOutcome = { runId: string; period: string } & Omit<BuyOutcome, "spent"> & { spent: string };

/**
 * Runs one plan for the period due on `now` (Indian date), at most once however many workers
 * try: the run row is claimed by one statement on the (plan, period) unique key, which only a
 * first try, the day-before reminder's placeholder, or a claim gone stale can win. Answers null
 * when the plan is not due, not active, or the period was taken by another worker. The
 * purchases each commit on their own, under keys of plan, period and property, so taking over
 * a stale claim buys only what the crashed try had not.
 */
export async function runPlanPeriod(prisma: PrismaClient, planId: string, now = new Date()): Promise<PlanRunOutcome | null> {
  const plan = await prisma.investmentPlan.findUnique({ where: { id: planId }, select: PLAN_SELECT });
  if (!plan || plan.status !== "active") return null;
  const period = duePeriodOn(calendarOf(plan), istDate(now));
  if (!period) return null;
  const claimed = await prisma.$queryRaw<{ id: string }[]>`
    INSERT INTO investment_plan_runs (plan_id, period, due_date, status, amount, claimed_at)
    VALUES (${plan.id}::uuid, ${period}, ${dueDateIn(period, plan.dayOfMonth)}::date, 'running', ${plan.amount.toFixed(2)}::numeric, ${now})
    ON CONFLICT (plan_id, period) DO UPDATE
       SET status = 'running', claimed_at = EXCLUDED.claimed_at, amount = EXCLUDED.amount
     WHERE investment_plan_runs.status = 'scheduled'
        OR (investment_plan_runs.status = 'running'
            AND investment_plan_runs.claimed_at < EXCLUDED.claimed_at - make_interval(mins => ${STALE_CLAIM_MINUTES}))
    RETURNING id::text AS id`;
  const runId = claimed[0]?.id;
  if (!runId) return null;

  const targets = await planTargets(prisma, {
    targetKind: plan.targetKind,
    propertyType: plan.propertyType as PlanPropertyType | null,
    items: plan.items,
    amount: plan.amount,
  });
  const outcome = await buyWholeShares(prisma, {
    userId: plan.userId,
    amount: plan.amount,
    targets,
    keyPrefix: `plan:${plan.id}:${period}`,
  });
  await runTransaction(prisma, "plans.finish-run", async (tx) => {
    await tx.investmentPlanRun.update({
      where: { id: runId },
      data: {
        status: outcome.status,
        spent: outcome.spent.toFixed(2),
        reason: outcome.reason,
        lines: outcome.lines,
        finishedAt: now,
      },
    });
    await tellInvestor(tx, plan, period, outcome, now);
  });
  return { runId, period, ...outcome, spent: outcome.spent.toFixed(2) };
}

async function tellInvestor(tx: Tx, plan: LoadedPlan, period: string, outcome: BuyOutcome, now: Date) {
  const spent = formatINR(outcome.spent, { paise: true });
  const planned = formatINR(plan.amount, { paise: true });
  const bought = outcome.lines.filter((l) => l.transactionId).map((l) => `${l.shares} share${l.shares === 1 ? "" : "s"} of ${l.title}`);
  const missed = outcome.lines
    .filter((l) => l.reason)
    .map((l) => `${l.title || "a property"}: ${REASON_TEXT[l.reason as keyof typeof REASON_TEXT]}`);
  const title = outcome.status === "failed" ? "Your monthly plan could not invest" : "Your monthly plan invested";
  const message =
    outcome.status === "failed"
      ? `Your ${planned} plan for ${period} bought nothing: ${missed.join("; ") || REASON_TEXT[outcome.reason ?? "failed"]}. The money stays in your wallet, and the plan runs again next month.`
      : `Your ${planned} plan for ${period} bought ${bought.join(", ")} for ${spent}.${missed.length ? ` Not bought: ${missed.join("; ")}.` : ""} Anything not spent stays in your wallet.`;
  await createUserAlert(tx, { userId: plan.userId, alertType: "plan_run", title, message, createdAt: now });
  await queueMail(tx, plan, `${title} (${period})`, message);
}

async function queueMail(tx: Tx, plan: LoadedPlan, subject: string, message: string) {
  try {
    await enqueueMail(
      { to: plan.user.email, subject, text: [`Hello ${plan.user.fullName ?? ""}`.trim() + ",", "", message, "", "Aangan"].join("\n") },
      tx,
    );
  } catch (error) {
    // The run stands and the investor has the alert.
    logger.warn({ err: error, planId: plan.id }, "could not queue the plan mail");
  }
}

/**
 * The day before a plan runs, an alert and an e-mail with the amount, once: the reminder writes
 * the period's run row as 'scheduled' (the run later claims it), so a second reminder finds it.
 */
export async function remindPlan(prisma: PrismaClient, plan: LoadedPlan, now: Date): Promise<boolean> {
  const today = istDate(now);
  const due = nextDueDate(calendarOf(plan), dayAfter(today));
  if (plan.status !== "active" || due !== dayAfter(today)) return false;
  return runTransaction(prisma, "plans.remind", async (tx) => {
    const inserted = await tx.$executeRaw`
      INSERT INTO investment_plan_runs (plan_id, period, due_date, status, amount)
      VALUES (${plan.id}::uuid, ${periodOf(due)}, ${due}::date, 'scheduled', ${plan.amount.toFixed(2)}::numeric)
      ON CONFLICT (plan_id, period) DO NOTHING`;
    if (inserted !== 1) return false;
    const message = `Tomorrow (${due}) your monthly plan invests ${formatINR(plan.amount, { paise: true })} from your wallet. Add money before then if your wallet is short; pause the plan to skip this month.`;
    await createUserAlert(tx, {
      userId: plan.userId,
      alertType: "plan_reminder",
      title: "Your monthly plan runs tomorrow",
      message,
      createdAt: now,
    });
    await queueMail(tx, plan, "Your monthly plan runs tomorrow", message);
    return true;
  });
}

/**
 * The schedule's work: every active plan due today runs (each on its own; one failure does not
 * stop the rest), then tomorrow's plans are announced and rent not yet reinvested is.
 */
export async function runDuePlans(
  prisma: PrismaClient,
  now = new Date(),
): Promise<{ ran: number; failed: number; reminded: number; reinvested: number }> {
  const period = periodOf(istDate(now));
  const plans = await prisma.investmentPlan.findMany({
    where: { status: "active", runs: { none: { period, status: { not: "scheduled" } } } },
    select: PLAN_SELECT,
    orderBy: { createdAt: "asc" },
  });
  let ran = 0;
  let failed = 0;
  let reminded = 0;
  for (const plan of plans) {
    try {
      const outcome = await runPlanPeriod(prisma, plan.id, now);
      if (outcome) ran += 1;
    } catch (error) {
      failed += 1;
      logger.error({ err: error, planId: plan.id }, "plan run failed; it is tried again at the next schedule");
    }
  }
  const active = await prisma.investmentPlan.findMany({ where: { status: "active" }, select: PLAN_SELECT });
  for (const plan of active) {
    try {
      if (await remindPlan(prisma, plan, now)) reminded += 1;
    } catch (error) {
      logger.warn({ err: error, planId: plan.id }, "plan reminder failed");
    }
  }
  // The net behind the distribution job: rent paid by an admin's "Pay now" is reinvested within the hour.
  const { reinvested } = await reinvestPaidRent(prisma, now);
  return { ran, failed, reminded, reinvested };
}
