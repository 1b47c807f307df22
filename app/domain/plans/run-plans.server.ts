import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { DEPOSIT_PROCESSING_FEE, depositCredit } from "~/domain/wallet/fund-request-rules";
import { Decimal, formatINR } from "~/lib/money";
import type { PlanPropertyType } from "~/lib/plan-form";
import { runTransaction, type Prisma, type PrismaClient, type Tx } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { enqueueMail } from "~/services/mail/mail-queue.server";
import { GatewayError } from "~/services/payments/gateway";
import { paymentGateway } from "~/services/payments/gateway-config.server";
import { chargeMandate, debitStateIn, markDebitFailedIn } from "./plan-debits.server";
import { confirmedMandate, refundMandateAuthorisations } from "./plan-mandates.server";
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
  user: { select: { email: true, fullName: true, phone: true } },
} as const;

type LoadedPlan = Prisma.InvestmentPlanGetPayload<{ select: typeof PLAN_SELECT }>;
const calendarOf = (plan: LoadedPlan) => ({
  dayOfMonth: plan.dayOfMonth,
  startDate: dateText(plan.startDate),
  endDate: plan.endDate ? dateText(plan.endDate) : null,
});

export type PlanRunOutcome = { runId: string; period: string } & Omit<BuyOutcome, "spent" | "status"> & {
    spent: string;
    /** 'awaiting_debit': a mandate plan's debit was asked for; the run buys once it is credited. */
    status: BuyOutcome["status"] | "awaiting_debit";
  };

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
  return carryOnRun(prisma, plan, runId, period, now);
}

const nothingBought = (reason: BuyOutcome["reason"]): BuyOutcome => ({ lines: [], spent: new Decimal(0), reason, status: "failed" });

/**
 * A claimed run, from wherever it stands: a mandate plan's month is debited first (once: the
 * debit order is unique per run) and waits for the bank; once the debit is credited, or for a
 * wallet plan at once, the run buys. Only the claim's holder gets here.
 */
async function carryOnRun(prisma: PrismaClient, plan: LoadedPlan, runId: string, period: string, now: Date): Promise<PlanRunOutcome> {
  let budget: Decimal = plan.amount;
  const mandate = await confirmedMandate(prisma, plan.id);
  const debit = await prisma.paymentOrder.findUnique({ where: { planRunId: runId }, select: { amount: true } });
  if (mandate || debit) {
    const amount = debit?.amount ?? plan.amount;
    const gateway = paymentGateway();
    if (mandate && !debit && !gateway) return finishRun(prisma, plan, runId, period, nothingBought("debit_unavailable"), now);
    if (mandate && !debit && plan.amount.gt(mandate.maxAmount))
      return finishRun(prisma, plan, runId, period, nothingBought("mandate_limit"), now);
    if (mandate && gateway) {
      try {
        await chargeMandate(prisma, gateway, {
          runId,
          userId: plan.userId,
          planId: plan.id,
          period,
          amount,
          customerId: mandate.customerId,
          tokenId: mandate.tokenId!,
          email: plan.user.email,
          contact: null,
        });
      } catch (error) {
        if (!(error instanceof GatewayError) || (error.status ?? 500) >= 500) throw error;
        // The provider refused the charge (a token no longer usable): the month fails and says why.
        await prisma.paymentOrder.updateMany({
          where: { planRunId: runId, status: "created" },
          data: { status: "failed", failureReason: error.message.slice(0, 500), updatedAt: new Date() },
        });
      }
    }
    const state = await runTransaction(prisma, "plans.after-debit", async (tx) => {
      const found = await debitStateIn(tx, runId);
      if (found.state === "waiting")
        await tx.investmentPlanRun.updateMany({
          where: { id: runId, status: "running" },
          data: { status: "awaiting_debit", amount: amount.toFixed(2) },
        });
      return found;
    });
    if (state.state === "waiting") return { runId, period, lines: [], spent: "0.00", reason: null, status: "awaiting_debit" };
    if (state.state === "failed") return finishRun(prisma, plan, runId, period, nothingBought("debit_failed"), now, state.failureReason);
    // What the debit put in the wallet, after the deposit fee every gateway payment pays.
    budget = depositCredit(amount);
  }

  const targets = await planTargets(prisma, {
    targetKind: plan.targetKind,
    propertyType: plan.propertyType as PlanPropertyType | null,
    items: plan.items,
    amount: budget,
  });
  const outcome = await buyWholeShares(prisma, {
    userId: plan.userId,
    amount: budget,
    targets,
    keyPrefix: `plan:${plan.id}:${period}`,
  });
  return finishRun(prisma, plan, runId, period, outcome, now);
}

async function finishRun(
  prisma: PrismaClient,
  plan: LoadedPlan,
  runId: string,
  period: string,
  outcome: BuyOutcome,
  now: Date,
  bankReason?: string | null,
): Promise<PlanRunOutcome> {
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
    await tellInvestor(tx, plan, period, outcome, now, bankReason);
  });
  return { runId, period, ...outcome, spent: outcome.spent.toFixed(2) };
}

/**
 * The bank refused a mandate debit the run was waiting for (in the webhook's transaction, under
 * the debit order's lock): the run ends failed with the reason, and the investor is told.
 */
export async function debitFailedIn(tx: Tx, paymentOrderId: string, bankReason: string, now: Date): Promise<void> {
  const runId = await markDebitFailedIn(tx, paymentOrderId, now);
  if (!runId) return;
  const run = await tx.investmentPlanRun.findUniqueOrThrow({
    where: { id: runId },
    select: { period: true, plan: { select: PLAN_SELECT } },
  });
  await tellInvestor(tx, run.plan, run.period, nothingBought("debit_failed"), now, bankReason);
}

/**
 * Mandate runs whose debit was credited buy now, each claimed by one statement (and a claim
 * left by a process that died is taken over after the stale time).
 */
export async function buyFundedRuns(prisma: PrismaClient, now = new Date()): Promise<number> {
  const claimed = await prisma.$queryRaw<{ id: string; plan_id: string; period: string }[]>`
    UPDATE investment_plan_runs r SET status = 'running', claimed_at = ${now}
     WHERE r.status = 'funded'
        OR (r.status = 'running' AND r.claimed_at < ${now}::timestamptz - make_interval(mins => ${STALE_CLAIM_MINUTES})
            AND EXISTS (SELECT 1 FROM payment_orders o WHERE o.plan_run_id = r.id AND o.status = 'paid'))
    RETURNING r.id::text AS id, r.plan_id::text AS plan_id, r.period`;
  let bought = 0;
  for (const run of claimed) {
    try {
      const plan = await prisma.investmentPlan.findUniqueOrThrow({ where: { id: run.plan_id }, select: PLAN_SELECT });
      await carryOnRun(prisma, plan, run.id, run.period, now);
      bought += 1;
    } catch (error) {
      logger.error({ err: error, runId: run.id }, "a funded plan run failed to buy; it is taken over after the stale time");
    }
  }
  return bought;
}

async function tellInvestor(tx: Tx, plan: LoadedPlan, period: string, outcome: BuyOutcome, now: Date, bankReason?: string | null) {
  const spent = formatINR(outcome.spent, { paise: true });
  const planned = formatINR(plan.amount, { paise: true });
  const bought = outcome.lines.filter((l) => l.transactionId).map((l) => `${l.shares} share${l.shares === 1 ? "" : "s"} of ${l.title}`);
  const missed = outcome.lines
    .filter((l) => l.reason)
    .map((l) => `${l.title || "a property"}: ${REASON_TEXT[l.reason as keyof typeof REASON_TEXT]}`);
  const title = outcome.status === "failed" ? "Your monthly plan could not invest" : "Your monthly plan invested";
  const message =
    outcome.reason === "debit_failed"
      ? `The UPI AutoPay debit of ${planned} for your plan's ${period} payment failed${bankReason ? ` (${bankReason.replace(/\.$/, "")})` : ""}. Nothing was taken and nothing bought this month; the plan debits again next month.`
      : outcome.status === "failed"
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
    const mandate = await confirmedMandate(tx, plan.id);
    const message = mandate
      ? `Tomorrow (${due}) your monthly plan debits ${formatINR(plan.amount, { paise: true })} from your bank account by UPI AutoPay and invests it (after the ${formatINR(DEPOSIT_PROCESSING_FEE, { paise: true })} deposit fee). Keep the money in your account; pause the plan to skip this month.`
      : `Tomorrow (${due}) your monthly plan invests ${formatINR(plan.amount, { paise: true })} from your wallet. Add money before then if your wallet is short; pause the plan to skip this month.`;
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
  await buyFundedRuns(prisma, now);
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
  const gateway = paymentGateway();
  if (gateway) await refundMandateAuthorisations(prisma, gateway, now);
  return { ran, failed, reminded, reinvested };
}
