import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlanForm } from "~/components/plans/plan-form";
import { ReinvestmentSection } from "~/components/plans/reinvestment-section";
import { GoalPlannerSection } from "~/components/plans/goal-planner-section";
import { monthlyText, PLAN_STATUS_LABEL, planTargetText } from "~/components/plans/plan-labels";
import { paths } from "~/lib/paths";
import { requireDashboardUser } from "~/web/guards.server";
import { loadPlansPage, submitNewPlan, type PlanFormReply } from "~/web/plans.server";
import { planFormReply } from "~/components/plans/plan-labels";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  return loadPlansPage(user, request);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return submitNewPlan(request, user);
}

export default function PlansPage() {
  const { plans, properties, holdings, reinvestment, planner, goalForm, today, autopayAvailable } = useLoaderData<typeof loader>();
  const reply = planFormReply(useActionData<PlanFormReply | string>());
  const reinvestReply = reply?.intent.startsWith("reinvest") ? reply : undefined;
  const createReply = reply?.intent === "create" ? reply : undefined;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Monthly plans</h1>
      <p className="text-sm text-slate-700">
        Invest a fixed amount every month from your wallet, into one property or a basket. Pause, change or cancel any time.
      </p>
      <p className="text-sm text-slate-700" data-testid="autopay-offer">
        {autopayAvailable
          ? "A plan can also be paid by UPI AutoPay from your bank account: set it up on the plan's page after creating it."
          : "UPI AutoPay is not available here (online payments are off): plans are paid from your wallet only."}
      </p>
      <section aria-labelledby="your-plans" className="space-y-3">
        <h2 id="your-plans" className="text-lg font-semibold">
          Your plans
        </h2>
        {plans.length === 0 ? (
          <p className="text-sm text-slate-600">You have no monthly plan yet.</p>
        ) : (
          <ul className="space-y-2">
            {plans.map((plan) => (
              <li key={plan.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <Link to={paths.dashboard.plan(plan.id)} className="font-semibold text-brand-700 underline">
                  {monthlyText(plan.amount, plan.dayOfMonth)}
                </Link>
                <p className="text-sm text-slate-700">
                  {PLAN_STATUS_LABEL[plan.status]} · {planTargetText(plan)}
                  {plan.nextRunDate ? ` · next run ${plan.nextRunDate}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-plan" className="space-y-3">
        <h2 id="new-plan" className="text-lg font-semibold">
          Start a monthly plan
        </h2>
        {properties.length === 0 ? (
          <p className="text-sm text-slate-600">No property is open for investment right now.</p>
        ) : (
          <PlanForm
            intent="create"
            submitLabel="Create plan"
            properties={properties}
            values={createReply?.values ?? { startDate: today, dayOfMonth: "5" }}
            errors={createReply?.errors}
            showStart
          />
        )}
      </section>
      <GoalPlannerSection planner={planner} form={goalForm} />
      <ReinvestmentSection
        holdings={holdings}
        choices={reinvestment}
        plans={plans
          .filter((p) => p.status !== "cancelled")
          .map((p) => ({ id: p.id, label: `your ${monthlyText(p.amount, p.dayOfMonth)} plan` }))}
        error={reinvestReply ? Object.values(reinvestReply.errors)[0] : undefined}
      />
    </div>
  );
}
