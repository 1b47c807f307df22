import { Link } from "@remix-run/react";
import type { ChecklistStep } from "~/domain/profiles/onboarding-checklist.server";

const STATUS_TEXT: Record<ChecklistStep["status"], string> = { done: "Done", "in-progress": "In progress", todo: "To do" };
const STATUS_STYLE: Record<ChecklistStep["status"], string> = {
  done: "bg-emerald-100 text-emerald-800",
  "in-progress": "bg-amber-100 text-amber-900",
  todo: "bg-slate-100 text-slate-700",
};

/** The investor's first steps, as they stand now, each with the link that moves it on. */
export function OnboardingChecklist({ steps }: { steps: ChecklistStep[] }) {
  const done = steps.filter((step) => step.status === "done").length;
  return (
    <section aria-labelledby="checklist-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checklist-heading" className="text-lg font-semibold">
          Your first steps
        </h2>
        <p className="text-sm text-slate-600">
          {done} of {steps.length} done
        </p>
      </div>
      <ol className="mt-3 divide-y divide-slate-100">
        {steps.map((step, index) => (
          <li key={step.key} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3" data-testid={`step-${step.key}`}>
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-medium">
                {index + 1}. {step.title}
              </p>
              <p className="text-sm text-slate-600">{step.detail}</p>
            </div>
            <div className="flex items-center gap-3">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[step.status]}`}>
                {STATUS_TEXT[step.status]}
              </span>
              {step.link ? (
                <Link to={step.link.to} className="text-sm font-semibold text-brand-700 underline">
                  {step.link.label}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
