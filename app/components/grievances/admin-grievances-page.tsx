import { Link, useLoaderData } from "@remix-run/react";
import type { OpenGrievance } from "~/domain/grievances/list-grievances.server";
import { paths } from "~/lib/paths";
import { ClockList, KIND_LABELS, STATUS_LABELS } from "./clock-list";

function age(hours: number): string {
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

/** Open complaints and data requests, oldest first, with their clocks; each opens on the support desk to answer it. */
export function AdminGrievancesPage() {
  const { grievances } = useLoaderData<{ grievances: OpenGrievance[] }>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-ink">Grievances</h1>
      <p className="text-sm text-slate-700">
        Open complaints and data requests, oldest first. Answering or moving one to in progress on the support desk acknowledges it;
        resolving it stops its clocks. A missed clock alerts a second admin once.
      </p>
      {grievances.length === 0 ? (
        <p className="text-sm text-slate-600">No open grievances.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="p-2">
                  Age
                </th>
                <th scope="col" className="p-2">
                  Grievance
                </th>
                <th scope="col" className="p-2">
                  Investor
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2">
                  Clocks
                </th>
                <th scope="col" className="p-2">
                  Escalated
                </th>
              </tr>
            </thead>
            <tbody>
              {grievances.map((g) => (
                <tr key={g.ticketId} className="border-b border-slate-100 align-top">
                  <td className="p-2 whitespace-nowrap">{age(g.ageHours)}</td>
                  <td className="p-2">
                    <Link to={paths.admin.support({ ticket: g.ticketId })} className="font-semibold text-brand-700 underline">
                      {g.subject}
                    </Link>
                    <span className="block text-xs text-slate-500">
                      {KIND_LABELS[g.kind] ?? g.kind} {g.reference}
                    </span>
                  </td>
                  <td className="p-2">{g.userEmail}</td>
                  <td className="p-2">{STATUS_LABELS[g.status] ?? g.status}</td>
                  <td className="p-2">
                    <ClockList clocks={g.clocks} compact />
                  </td>
                  <td className="p-2">{g.escalations.map((e) => e.reason.replace("_", " ")).join(", ") || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
