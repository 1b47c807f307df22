import { data } from "@remix-run/node";
import { istDate } from "~/domain/distributions/distribution-rules";
import { PlanError } from "~/domain/plans/plan-errors";
import { replyToDomainError } from "~/web/domain-reply.server";
import {
  changePlan,
  changePlanStatus,
  createPlan,
  getPlan,
  listPlanProperties,
  listPlans,
  type PlanStatusChange,
} from "~/domain/plans/plans.server";
import { listOpenPositions } from "~/domain/portfolio/positions.server";
import { listReinvestmentChoices, turnOffReinvestment, turnOnReinvestment } from "~/domain/plans/reinvest.server";
import { getGoalPlanner } from "~/domain/plans/goal-planner.server";
import { Decimal } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { readPlanForm, type PlanFormErrors } from "~/lib/plan-form";
import { getPrisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { GatewayError, type PaymentGateway } from "~/services/payments/gateway";
import { paymentGateway } from "~/services/payments/gateway-config.server";
import {
  cancelMandate,
  completeMandateReturn,
  latestMandate,
  mandateCheckout,
  MandateError,
  startMandate,
} from "~/domain/plans/plan-mandates.server";
import { redirectWithToast } from "~/web/flash.server";
import { formRefusal, readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** What a plan form gets back when it is refused: its own values, and the message on each field. */
export type PlanFormReply = {
  intent: string;
  values: Record<string, string>;
  errors?: PlanFormErrors;
  /** A domain refusal, as replyToDomainError words it: the message under its field ("" for the form). */
  result?: { error?: Record<string, string[] | null> | null } | null;
};

const refused = (intent: string, values: Record<string, string>, errors: PlanFormErrors, status = 400) =>
  data<PlanFormReply>({ intent, values, errors }, { status });

function domainRefusal(error: unknown, intent: string, values: Record<string, string>) {
  return replyToDomainError(error, null, { extra: { intent, values } });
}

/** Another investor's plan, or none: the page's 404 (after the form was read). */
const isMissingPlan = (error: unknown) => error instanceof PlanError && error.code === "plan_not_found";

async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await readFormData(request);
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
}

/** The most a goal may be (₹100 crore): far beyond a retail goal, well inside what the arithmetic handles. */
const GOAL_MAX = new Decimal("1000000000");

/** The goal planner's GET form (?goal=&by=): a goal needs both, each checked; errors are shown, not thrown. */
function readGoal(url: URL, today: string) {
  const goalText = url.searchParams.get("goal") ?? "";
  const by = url.searchParams.get("by") ?? "";
  if (goalText === "" && by === "") return { goal: null, goalDate: null, errors: {}, values: { goal: "", by: "" } };
  const errors: { goal?: string; by?: string } = {};
  const goal = parseRupees(goalText, { message: "Enter your goal in rupees, such as 10,00,000", max: GOAL_MAX });
  if (!goal.ok) errors.goal = goal.message;
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(by) && !Number.isNaN(Date.parse(`${by}T00:00:00Z`));
  if (!validDate || by <= today || by > `${Number(today.slice(0, 4)) + 50}${today.slice(4)}`)
    errors.by = "Enter a date within the next 50 years";
  const ok = goal.ok && !errors.by;
  return {
    goal: ok && goal.ok ? goal.value : null,
    goalDate: ok ? by : null,
    errors,
    values: { goal: goalText.slice(0, 32), by: by.slice(0, 10) },
  };
}

export async function loadPlansPage(user: SessionUser, request: Request) {
  const prisma = getPrisma();
  const today = istDate(new Date());
  const goalInput = readGoal(new URL(request.url), today);
  const read = { plans: listPlans(prisma, user.id), positions: listOpenPositions(prisma, user.id) };
  const [plans, properties, holdings, reinvestment, planner] = await Promise.all([
    read.plans,
    listPlanProperties(prisma),
    read.positions,
    listReinvestmentChoices(prisma, user.id),
    getGoalPlanner(prisma, user.id, { goal: goalInput.goal, goalDate: goalInput.goalDate, today }, read),
  ]);
  return {
    plans,
    properties,
    holdings: holdings.map((h) => ({ propertyId: h.propertyId, title: h.title ?? "" })),
    reinvestment,
    planner,
    goalForm: { values: goalInput.values, errors: goalInput.errors },
    today,
    autopayAvailable: paymentGateway() !== null,
  };
}

/** The plans page: a new plan, and rent reinvestment on or off. */
export async function submitNewPlan(request: Request, user: SessionUser) {
  const values = await readForm(request);
  if (values.intent === "reinvest-on" || values.intent === "reinvest-off") return submitReinvestment(user, values);
  if (values.intent !== "create") return formRefusal();
  const parsed = readPlanForm(values, istDate(new Date()));
  if (!parsed.ok) return refused("create", values, parsed.errors);
  try {
    const { planId } = await createPlan(getPrisma(), user.id, parsed.input);
    return redirectWithToast(paths.dashboard.plan(planId), {
      kind: "success",
      title: "Monthly plan created",
      description: "It invests from your wallet on its day each month; we remind you the day before.",
    });
  } catch (error) {
    return domainRefusal(error, "create", values);
  }
}

export async function loadPlanPage(user: SessionUser, planId: string) {
  const prisma = getPrisma();
  try {
    const [plan, properties] = await Promise.all([getPlan(prisma, user.id, planId), listPlanProperties(prisma)]);
    return { ...plan, properties, today: istDate(new Date()), autopay: await autopayOf(prisma, user, planId) };
  } catch (error) {
    if (isMissingPlan(error)) throw data(null, { status: 404 });
    throw error;
  }
}

/** The plan's UPI AutoPay: whether it can be had here, its mandate, and the way to approve one waiting. */
async function autopayOf(prisma: ReturnType<typeof getPrisma>, user: SessionUser, planId: string) {
  const gateway = paymentGateway();
  const mandate = await latestMandate(prisma, planId);
  const origin = getEnv().APP_ORIGIN;
  const checkout =
    gateway && mandate?.status === "created"
      ? await mandateCheckout(prisma, gateway, {
          userId: user.id,
          planId,
          callbackUrl: `${origin}${paths.payments.checkoutReturn()}`,
          cancelUrl: `${origin}${paths.dashboard.plan(planId)}`,
        })
      : null;
  return {
    available: gateway !== null,
    standIn: gateway?.standIn ?? false,
    mandate: mandate ? { status: mandate.status, maxAmount: mandate.maxAmount, failureReason: mandate.failureReason } : null,
    checkout,
  };
}

/** The investor's UPI AutoPay forms on a plan's page: set up, or cancel. */
async function submitMandate(user: SessionUser, planId: string, intent: "mandate-start" | "mandate-cancel") {
  const back = paths.dashboard.plan(planId);
  const gateway = paymentGateway();
  if (intent === "mandate-start") {
    if (!gateway) throw new MandateError("payments_off", "UPI AutoPay is not available here: this plan is paid from your wallet.", 409);
    try {
      await startMandate(getPrisma(), gateway, { userId: user.id, planId });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      logger.warn({ err: error, planId }, "UPI AutoPay could not be started");
      throw new MandateError("provider_unavailable", "UPI AutoPay could not be reached just now. Please try again in a few minutes.", 502);
    }
    return redirectWithToast(back, {
      kind: "info",
      title: "Approve UPI AutoPay",
      description: "Continue to your UPI app to approve the mandate. Until then the plan is paid from your wallet.",
    });
  }
  const cancelled = await cancelMandate(getPrisma(), gateway, user.id, planId);
  return redirectWithToast(back, {
    kind: cancelled ? "success" : "info",
    title: cancelled ? "UPI AutoPay cancelled" : "No UPI AutoPay to cancel",
    description: cancelled ? "The plan now invests from your wallet." : undefined,
  });
}

/** The payer's return from approving (or declining) a plan's mandate at the provider. */
export async function mandateReturn(gateway: PaymentGateway, planId: string, field: (name: string) => string) {
  const back = paths.dashboard.plan(planId);
  if (!field("razorpay_payment_id"))
    return redirectWithToast(back, {
      kind: "error",
      title: "UPI AutoPay not set up",
      description: "The mandate was not approved. The plan is paid from your wallet; you can try again.",
    });
  try {
    const { status } = await completeMandateReturn(getPrisma(), gateway, {
      orderId: field("razorpay_order_id"),
      paymentId: field("razorpay_payment_id"),
      signature: field("razorpay_signature"),
    });
    if (status === "confirmed") return redirectWithToast(back, { kind: "success", title: "UPI AutoPay is set up" });
    if (status === "rejected")
      return redirectWithToast(back, { kind: "error", title: "UPI AutoPay not set up", description: "The mandate was not approved." });
    return redirectWithToast(back, {
      kind: "info",
      title: "UPI AutoPay pending",
      description: "Your bank has not confirmed the mandate yet.",
    });
  } catch (error) {
    if (error instanceof MandateError)
      return redirectWithToast(back, { kind: "error", title: "UPI AutoPay not set up", description: error.message });
    if (error instanceof GatewayError) {
      logger.warn({ err: error, planId }, "provider unreachable on the mandate return; its webhooks will confirm");
      return redirectWithToast(back, { kind: "info", title: "UPI AutoPay pending", description: "We could not confirm the mandate yet." });
    }
    throw error;
  }
}

const STATUS_TOASTS: Record<PlanStatusChange, string> = { pause: "Plan paused", resume: "Plan resumed", cancel: "Plan cancelled" };

/** One plan's forms: pause, resume, cancel, change. The body is read before anything is looked up. */
export async function submitPlanChange(request: Request, user: SessionUser, planId: string) {
  const values = await readForm(request);
  const intent = values.intent ?? "";
  const back = paths.dashboard.plan(planId);
  try {
    if (intent === "pause" || intent === "resume" || intent === "cancel") {
      await changePlanStatus(getPrisma(), user.id, planId, intent);
      if (intent === "cancel") {
        // A cancelled plan debits nothing more; its mandate is revoked at the bank too.
        await cancelMandate(getPrisma(), paymentGateway(), user.id, planId).catch((error: unknown) => {
          logger.warn({ err: error, planId }, "plan cancelled; its UPI AutoPay mandate is cancelled when the provider answers");
        });
      }
      return redirectWithToast(back, { kind: "success", title: STATUS_TOASTS[intent] });
    }
    if (intent === "mandate-start" || intent === "mandate-cancel") return await submitMandate(user, planId, intent);
    if (intent === "change") {
      const parsed = readPlanForm(values, istDate(new Date()));
      if (!parsed.ok) return refused(intent, values, parsed.errors);
      await changePlan(getPrisma(), user.id, planId, parsed.input);
      return redirectWithToast(back, { kind: "success", title: "Plan changed", description: "The change applies from the next run." });
    }
  } catch (error) {
    if (isMissingPlan(error)) throw data(null, { status: 404 });
    return domainRefusal(error, intent, values);
  }
  return formRefusal();
}

async function submitReinvestment(user: SessionUser, values: Record<string, string>) {
  const back = paths.dashboard.plans();
  const intent = values.intent!;
  try {
    if (intent === "reinvest-off") {
      if (!isUuid(values.choiceId ?? "")) return formRefusal();
      await turnOffReinvestment(getPrisma(), user.id, values.choiceId!);
      return redirectWithToast(back, { kind: "success", title: "Rent reinvestment turned off" });
    }
    const propertyId = (values.reinvestProperty ?? "").trim();
    const fallbackPlanId = (values.fallbackPlanId ?? "").trim();
    if (propertyId.length > 100 || (fallbackPlanId !== "" && !isUuid(fallbackPlanId))) return formRefusal();
    await turnOnReinvestment(getPrisma(), user.id, { propertyId: propertyId || null, fallbackPlanId: fallbackPlanId || null });
    return redirectWithToast(back, {
      kind: "success",
      title: "Rent reinvestment turned on",
      description: "Each rent payment now buys whole shares at once; what is left stays in your wallet.",
    });
  } catch (error) {
    return domainRefusal(error, intent, values);
  }
}
