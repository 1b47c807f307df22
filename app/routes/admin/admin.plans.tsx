import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MANDATE_STATUS_LABEL, PLAN_STATUS_LABEL, RUN_REASON_LABEL, RUN_STATUS_LABEL } from "~/components/plans/plan-labels";
import { getPlansOverview } from "~/domain/plans/plans-admin.server";
import { getPrisma } from "~/services/db.server";
import { requireAdmin } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return getPlansOverview(getPrisma());
}

function Counts({ title, rows, labels }: { title: string; rows: { key: string; count: number }[]; labels: Record<string, string> }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
          {rows.map((row) => (
            <div key={row.key} className="contents">
              <dt className="text-slate-600">{labels[row.key] ?? row.key}</dt>
              <dd className="font-semibold">{row.count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export default function AdminPlansPage() {
  const overview = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Monthly plans</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <Counts title="Plans" rows={overview.plans.map((r) => ({ key: r.status, count: r.count }))} labels={PLAN_STATUS_LABEL} />
        <Counts title="Runs" rows={overview.runs.map((r) => ({ key: r.status, count: r.count }))} labels={RUN_STATUS_LABEL} />
        <Counts
          title="Failures by reason"
          rows={overview.failuresByReason.map((r) => ({ key: r.reason, count: r.count }))}
          labels={RUN_REASON_LABEL}
        />
        <Counts
          title="Rent reinvestments"
          rows={overview.reinvestments.map((r) => ({ key: r.status, count: r.count }))}
          labels={RUN_STATUS_LABEL}
        />
        <Counts
          title="UPI AutoPay mandates"
          rows={overview.mandates.map((r) => ({ key: r.status, count: r.count }))}
          labels={MANDATE_STATUS_LABEL}
        />
      </div>
      <section>
        <h2 className="text-lg font-semibold">Latest runs that did not invest in full</h2>
        {overview.recentFailures.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No run has fallen short yet.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-1">Investor</th>
                <th>Month</th>
                <th>Outcome</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {overview.recentFailures.map((run) => (
                <tr key={run.runId} className="border-t border-slate-100">
                  <td className="py-1">{run.userEmail}</td>
                  <td>{run.period}</td>
                  <td>{RUN_STATUS_LABEL[run.status] ?? run.status}</td>
                  <td>{run.reason ? (RUN_REASON_LABEL[run.reason] ?? run.reason) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
