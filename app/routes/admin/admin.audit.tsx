import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Pager } from "~/components/admin/pager";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { listAuditLog, readAuditFilters } from "~/domain/admin/list-audit-log.server";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { requireAdmin } from "~/web/guards.server";
import { formatIndiaDateTime } from "~/lib/formats";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = readAuditFilters(new URL(request.url).searchParams);
  return { filters, ...(await listAuditLog(getPrisma(), filters)) };
}

export default function AdminAuditPage() {
  const { filters, rows, total, page, pageCount, admins, actions } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Audit Log</h1>
      <p className="text-sm text-slate-600">
        Every admin change, with who made it and the values before and after. Entries cannot be edited or deleted.
      </p>
      <Form method="get" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <div>
          <label htmlFor="audit-admin" className={labelClasses}>
            Admin
          </label>
          <select id="audit-admin" name="admin" defaultValue={filters.adminId} className={controlClasses}>
            <option value="">All admins</option>
            {admins.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className={labelClasses}>
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action} className={controlClasses}>
            <option value="">All actions</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-target" className={labelClasses}>
            Target (id or type)
          </label>
          <input id="audit-target" name="target" defaultValue={filters.target} className={controlClasses} />
        </div>
        <div className="flex gap-2 sm:col-span-3">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Filter
          </button>
          <Link to={paths.admin.audit()} className={buttonClasses("ghost", "md")}>
            Clear
          </Link>
        </div>
      </Form>
      <p className="text-sm text-slate-600">
        {total} entr{total === 1 ? "y" : "ies"}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No audit entries match.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Audit entries">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
              <p className="font-medium text-ink">{row.sentence}</p>
              <p className="text-xs text-slate-600">
                {formatIndiaDateTime(row.createdAt)} · <span className="font-mono">{row.action}</span>
              </p>
              {row.changes.length > 0 ? (
                <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700" aria-label="What changed">
                  {row.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              ) : null}
              {row.note ? <p className="mt-1 text-slate-700">Note: {row.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pager search={location.search} page={page} pageCount={pageCount} label="Audit log pages" />
    </div>
  );
}
