import { Form } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, fieldErrorClasses, helpTextClasses, labelClasses } from "~/components/ui/field-styles";
import type { GoalPlanner } from "~/domain/plans/goal-planner.server";
import { formatINR } from "~/lib/money";

type Props = {
  planner: GoalPlanner;
  form: { values: { goal: string; by: string }; errors: { goal?: string; by?: string } };
};

const pct = (value: string) => `${Number(value).toFixed(1)}%`;

/** The goal planner: a GET form (so it works without JavaScript and saves nothing), the projection drawn on the server, and the actual XIRR beside it. */
export function GoalPlannerSection({ planner, form }: Props) {
  const chart = planner.chart;
  return (
    <section aria-labelledby="goal-heading" className="space-y-3">
      <h2 id="goal-heading" className="text-lg font-semibold">
        Goal planner
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div>
          <label htmlFor="goal" className={labelClasses}>
            Goal (₹)
          </label>
          <input
            id="goal"
            name="goal"
            inputMode="decimal"
            defaultValue={form.values.goal}
            className={controlClasses}
            aria-invalid={form.errors.goal ? true : undefined}
          />
          {form.errors.goal ? <p className={fieldErrorClasses}>{form.errors.goal}</p> : null}
        </div>
        <div>
          <label htmlFor="by" className={labelClasses}>
            By
          </label>
          <input
            id="by"
            name="by"
            type="date"
            defaultValue={form.values.by}
            className={controlClasses}
            aria-invalid={form.errors.by ? true : undefined}
          />
          {form.errors.by ? <p className={fieldErrorClasses}>{form.errors.by}</p> : null}
        </div>
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Project
        </button>
      </Form>
      <dl className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Your plans a month</dt>
          <dd className="font-semibold">{formatINR(planner.monthly)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Holdings now (at cost)</dt>
          <dd className="font-semibold">{formatINR(planner.startValue)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Your actual return (XIRR)</dt>
          <dd className="font-semibold">{planner.actualReturn}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Estimated yield (stated by the properties)</dt>
          <dd className="font-semibold">
            {pct(planner.band.low)} / {pct(planner.band.base)} / {pct(planner.band.high)}
          </dd>
        </div>
      </dl>
      {planner.projected ? (
        <p className="text-sm" data-testid="goal-projection">
          Estimate in {planner.months} months: {formatINR(planner.projected.low)} (low) to {formatINR(planner.projected.high)} (high), about{" "}
          {formatINR(planner.projected.base)}, of which {formatINR(planner.projected.contributed)} paid in.
          {planner.monthlyNeeded !== null && planner.goal !== null
            ? ` To reach ${formatINR(planner.goal)} by ${planner.goalDate} at the base estimate: ${formatINR(planner.monthlyNeeded)} a month.`
            : ""}
        </p>
      ) : null}
      {chart ? (
        <figure>
          <svg viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={chart.summary} className="h-auto w-full">
            {chart.yTicks.map((tick) => (
              <g key={tick.label}>
                <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} stroke="#e2e8f0" />
                <text x={chart.plotLeft - 6} y={tick.y + 4} textAnchor="end" fontSize="11" fill="#475569">
                  {tick.label}
                </text>
              </g>
            ))}
            {chart.xTicks.map((tick) => (
              <text key={tick.label} x={tick.x} y={chart.height - 8} textAnchor="middle" fontSize="11" fill="#475569">
                {tick.label}
              </text>
            ))}
            <path d={chart.bandPath} fill="#c7d2fe" opacity="0.6" />
            <path d={chart.contributedPath} fill="none" stroke="#64748b" strokeDasharray="4 3" strokeWidth="1.5" />
            <path d={chart.basePath} fill="none" stroke="#4338ca" strokeWidth="2" />
            {chart.goalY !== null ? (
              <line x1={chart.plotLeft} x2={chart.plotRight} y1={chart.goalY} y2={chart.goalY} stroke="#b45309" strokeDasharray="6 3" />
            ) : null}
          </svg>
          <figcaption className={helpTextClasses}>
            Estimates, not promises: the band grows your plans at the properties&apos; stated yields less and plus 3 points; the dashed grey
            line is what you pay in{planner.goal ? ", the dashed orange line your goal" : ""}. Rents and values can fall.
          </figcaption>
        </figure>
      ) : null}
    </section>
  );
}
