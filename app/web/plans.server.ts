import { data } from "@remix-run/node";
import { istDate } from "~/domain/distributions/distribution-rules";
import { isDomainError } from "~/domain/errors";
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
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { readPlanForm, type PlanFormErrors } from "~/lib/plan-form";
import { getPrisma } from "~/services/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { formRefusal, readFormData } from "~/web/form-data.server";
import type { SessionUser } from "~/web/guards.server";

/** What a plan form gets back when it is refused: its own values, and the message on each field. */
export type PlanFormReply = { intent: string; values: Record<string, string>; errors: PlanFormErrors };

const refused = (intent: string, values: Record<string, string>, errors: PlanFormErrors, status = 400) =>
  data<PlanFormReply>({ intent, values, errors }, { status });

function domainRefusal(error: unknown, intent: string, values: Record<string, string>) {
  if (!isDomainError(error)) throw error;
  const field = (error.field ?? "form") as keyof PlanFormErrors;
  return refused(intent, values, { [field]: error.message }, error.status);
}

async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await readFormData(request);
  return Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
}

export async function loadPlansPage(user: SessionUser) {
  const prisma = getPrisma();
  const [plans, properties, holdings, reinvestment] = await Promise.all([
    listPlans(prisma, user.id),
    listPlanProperties(prisma),
    listOpenPositions(prisma, user.id),
    listReinvestmentChoices(prisma, user.id),
  ]);
  return {
    plans,
    properties,
    holdings: holdings.map((h) => ({ propertyId: h.propertyId, title: h.title ?? "" })),
    reinvestment,
    today: istDate(new Date()),
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
    return { ...plan, properties, today: istDate(new Date()) };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw data(null, { status: 404 });
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
      return redirectWithToast(back, { kind: "success", title: STATUS_TOASTS[intent] });
    }
    if (intent === "change") {
      const parsed = readPlanForm(values, istDate(new Date()));
      if (!parsed.ok) return refused(intent, values, parsed.errors);
      await changePlan(getPrisma(), user.id, planId, parsed.input);
      return redirectWithToast(back, { kind: "success", title: "Plan changed", description: "The change applies from the next run." });
    }
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw data(null, { status: 404 });
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
    if (isDomainError(error) && error.status === 404) return refused(intent, values, { form: error.message }, 404);
    return domainRefusal(error, intent, values);
  }
}
