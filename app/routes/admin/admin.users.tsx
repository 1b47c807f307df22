import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { KycStatusBadge } from "~/components/admin/kyc/kyc-queue-table";
import { Pager } from "~/components/admin/pager";
import { TierBadge } from "~/components/admin/users/tier-badge";
import { UserActionErrors, UserActions } from "~/components/admin/users/user-actions";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses, labelClasses } from "~/components/ui/field-styles";
import { listUsers, readUserListFilters } from "~/domain/admin/users/list-users.server";
import { KYC_FILTERS, TIER_FILTERS } from "~/domain/admin/users/user-filters";
import { TIER_LABELS } from "~/domain/tiers/calculate-tier";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { submitUserAction } from "~/web/admin-users.server";
import { requireAdmin, requireAdminAction } from "~/web/guards.server";
import { formatIndiaDateTime } from "~/lib/formats";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = readUserListFilters(new URL(request.url).searchParams);
  return { filters, ...(await listUsers(getPrisma(), filters)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminAction(request);
  return submitUserAction(request, admin);
}

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClasses}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className={controlClasses}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminUsersPage() {
  const { rows, total, page, pageCount, cursors, filters } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">User Management</h1>
      <Form method="get" role="search" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="user-search" className={labelClasses}>
            Search by e-mail or name
          </label>
          <input id="user-search" type="search" name="q" defaultValue={filters.search} className={controlClasses} />
        </div>
        <FilterSelect
          name="tier"
          label="Tier"
          value={filters.tier}
          options={[["all", "All tiers"], ...TIER_FILTERS.map((t): [string, string] => [t, TIER_LABELS[t]])]}
        />
        <FilterSelect
          name="kyc"
          label="KYC status"
          value={filters.kyc}
          options={[
            ["all", "All"],
            ...KYC_FILTERS.map((k): [string, string] => [k, k === "under_review" ? "Under Review" : k[0]!.toUpperCase() + k.slice(1)]),
          ]}
        />
        <FilterSelect
          name="subscription"
          label="Subscription"
          value={filters.subscription}
          options={[
            ["all", "All"],
            ["active", "Active"],
            ["inactive", "Inactive / Trial"],
          ]}
        />
        <FilterSelect
          name="admin"
          label="Admin"
          value={filters.admin}
          options={[
            ["all", "All users"],
            ["admins", "Admins only"],
            ["non-admins", "Non-admins"],
          ]}
        />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={buttonClasses("primary", "md")}>
            Apply
          </button>
          <Link to={paths.admin.users()} className={buttonClasses("ghost", "md")}>
            Clear
          </Link>
        </div>
      </Form>
      <UserActionErrors reply={reply} />
      <p className="text-sm text-slate-600" aria-live="polite">
        {total} user{total === 1 ? "" : "s"}
      </p>
      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold">No Users Found</h2>
          <p className="mt-1 text-sm text-slate-600">Try another search or clear the filters.</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Users">
          {rows.map((user) => (
            <li key={user.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                >
                  {(user.fullName ?? user.email).charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {user.fullName ?? "No Name"}
                    {user.isAdmin ? (
                      <span title="Admin" className="text-xs text-purple-700">
                        ★ <span className="sr-only">Admin</span>
                      </span>
                    ) : null}
                    {user.subscriptionActive ? (
                      <span title="Active subscription" className="text-xs text-green-700">
                        ✓ <span className="sr-only">Active subscription</span>
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm break-all text-slate-600">{user.email}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    Joined {formatIndiaDateTime(user.createdAt)} <TierBadge tier={user.tier} override={user.tierOverrideByAdmin} />
                    <KycStatusBadge status={user.kycStatus} />
                  </p>
                </div>
                <Link to={paths.admin.user(user.id)} className={buttonClasses("secondary", "sm", "shrink-0")}>
                  View Details
                </Link>
              </div>
              <div className="mt-3">
                <UserActions user={user} returnTo={returnTo} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager search={location.search} page={page} pageCount={pageCount} cursors={cursors} label="User pages" />
    </div>
  );
}
