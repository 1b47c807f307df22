import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { PlanForm } from "~/components/plans/plan-form";
import { monthlyText, PLAN_STATUS_LABEL, planTargetText, RUN_REASON_LABEL, RUN_STATUS_LABEL } from "~/components/plans/plan-labels";
import { buttonClasses } from "~/components/ui/button-styles";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";
import { weightField } from "~/lib/plan-form";
import { requireDashboardUser } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { loadPlanPage, submitPlanChange, type PlanFormReply } from "~/web/plans.server";
import { planFormReply } from "~/components/plans/plan-labels";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  // Another investor's plan reads as missing.
  const { planId } = requireParams(params, { planId: "uuid" });
  return loadPlanPage(user, planId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  return submitPlanChange(request, user, params.planId ?? "");
}

export default function PlanPage() {
  const { plan, runs, properties, autopay } = useLoaderData<typeof loader>();
  const reply = planFormReply(useActionData<PlanFormReply | string>());
  const current: Record<string, string> = {
    amount: plan.amount,
    dayOfMonth: String(plan.dayOfMonth),
    endDate: plan.endDate ?? "",
    target: plan.targetKind,
    propertyId: plan.targetKind === "property" ? (plan.items[0]?.propertyId ?? "") : "",
    propertyType: plan.propertyType ?? "",
    ...Object.fromEntries(plan.targetKind === "basket" ? plan.items.map((i) => [weightField(i.propertyId), String(i.weight)]) : []),
  };
  const live = plan.status !== "cancelled";
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <p>
        <Link to={paths.dashboard.plans()} className="text-sm text-brand-700 underline">
          All monthly plans
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-ink">Monthly plan: {monthlyText(plan.amount, plan.dayOfMonth)}</h1>
      <dl className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <dt className="text-slate-600">Status</dt>
        <dd data-testid="plan-status">{PLAN_STATUS_LABEL[plan.status]}</dd>
        <dt className="text-slate-600">Buys</dt>
        <dd>{planTargetText(plan)}</dd>
        <dt className="text-slate-600">From</dt>
        <dd>
          {plan.startDate}
          {plan.endDate ? ` to ${plan.endDate}` : ", no end date"}
        </dd>
        <dt className="text-slate-600">Next run</dt>
        <dd>{plan.nextRunDate ?? "None"}</dd>
      </dl>
      <AutopaySection autopay={autopay} live={live} amount={plan.amount} />
      {live ? (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value={plan.status === "active" ? "pause" : "resume"} />
            <button type="submit" className={buttonClasses("secondary", "md")}>
              {plan.status === "active" ? "Pause plan" : "Resume plan"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Cancel plan
            </button>
          </Form>
        </div>
      ) : null}
      {reply && reply.intent !== "change" && reply.errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {reply.errors.form}
        </p>
      ) : null}
      <section aria-labelledby="run-history" className="space-y-3">
        <h2 id="run-history" className="text-lg font-semibold">
          Run history
        </h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No run yet.</p>
        ) : (
          <ul className="space-y-2" data-testid="plan-runs">
            {runs.map((run) => (
              <li key={run.id} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
                <p className="font-semibold">
                  {run.dueDate}: {RUN_STATUS_LABEL[run.status]}
                  {run.status === "completed" || run.status === "partial"
                    ? `, ${formatINR(run.spent, { paise: true })} of ${formatINR(run.amount)}`
                    : ""}
                  {run.reason ? ` (${RUN_REASON_LABEL[run.reason] ?? run.reason})` : ""}
                </p>
                {run.debitFailure ? <p className="text-slate-700">The bank said: {run.debitFailure}</p> : null}
                <ul className="mt-1 list-disc pl-5 text-slate-700">
                  {run.lines.map((line) => (
                    <li key={line.propertyId}>
                      {line.title}:{" "}
                      {line.transactionId ? (
                        <Link to={paths.dashboard.transaction(line.transactionId)} className="underline">
                          {line.shares} share{line.shares === 1 ? "" : "s"} for {formatINR(line.total, { paise: true })}
                        </Link>
                      ) : (
                        (RUN_REASON_LABEL[line.reason ?? ""] ?? "not bought")
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      {live ? (
        <section aria-labelledby="change-plan" className="space-y-3">
          <h2 id="change-plan" className="text-lg font-semibold">
            Change this plan
          </h2>
          <PlanForm
            intent="change"
            submitLabel="Save changes"
            properties={properties}
            values={reply?.intent === "change" ? reply.values : current}
            errors={reply?.intent === "change" ? reply.errors : undefined}
            showStart={false}
          />
        </section>
      ) : null}
    </div>
  );
}

type Autopay = {
  available: boolean;
  standIn: boolean;
  mandate: { status: string; maxAmount: string; failureReason: string | null } | null;
  checkout: { action: string; fields: Record<string, string> } | null;
};

/** How the plan is paid: the wallet, or a UPI AutoPay mandate (ADR 0077), with the forms to set one up or cancel it. */
function AutopaySection({ autopay, live, amount }: { autopay: Autopay; live: boolean; amount: string }) {
  const { mandate, checkout } = autopay;
  const confirmed = mandate?.status === "confirmed";
  return (
    <section aria-labelledby="paid-by" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="paid-by" className="text-lg font-semibold">
        How this plan is paid
      </h2>
      {confirmed ? (
        <>
          <p data-testid="plan-paid-by">
            By UPI AutoPay from your bank account, up to {formatINR(mandate.maxAmount, { paise: true })} a month. On the plan&apos;s day{" "}
            {formatINR(amount, { paise: true })} is debited, added to your wallet less the ₹10.00 deposit fee, and invested.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="mandate-cancel" />
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Cancel UPI AutoPay
            </button>
          </Form>
        </>
      ) : (
        <p data-testid="plan-paid-by">From your wallet.</p>
      )}
      {!autopay.available && !confirmed ? (
        <p className="text-slate-600">
          UPI AutoPay is not available here (online payments are off), so plans are paid from the wallet only.
        </p>
      ) : null}
      {mandate?.status === "created" && checkout ? (
        <>
          <p>UPI AutoPay is waiting for your approval in your UPI app.</p>
          {/* A plain form: it goes to the payment provider's page, which returns to Aangan. */}
          <form method="post" action={checkout.action}>
            {Object.entries(checkout.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={buttonClasses("primary", "md")}>
              {autopay.standIn ? "Approve UPI AutoPay (stand-in)" : "Approve UPI AutoPay"}
            </button>
          </form>
          <Form method="post">
            <input type="hidden" name="intent" value="mandate-cancel" />
            <button type="submit" className={buttonClasses("secondary", "sm")}>
              Do not set up UPI AutoPay
            </button>
          </Form>
        </>
      ) : null}
      {mandate && (mandate.status === "rejected" || mandate.status === "cancelled") ? (
        <p className="text-slate-600">
          {mandate.status === "rejected" ? "The last UPI AutoPay mandate was not approved" : "The UPI AutoPay mandate was cancelled"}
          {mandate.failureReason ? ` (${mandate.failureReason})` : ""}.
        </p>
      ) : null}
      {live && autopay.available && (!mandate || mandate.status === "rejected" || mandate.status === "cancelled") ? (
        <Form method="post">
          <input type="hidden" name="intent" value="mandate-start" />
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Pay by UPI AutoPay instead
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="m-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {missing ? "Plan not found." : "This plan could not be loaded. Please try again."}{" "}
      <Link to={paths.dashboard.plans()} className="font-semibold underline">
        Back to your plans
      </Link>
    </div>
  );
}
