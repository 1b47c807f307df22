import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Pager, StatCard } from "~/components/admin/pager";
import { buttonClasses } from "~/components/ui/button-styles";
import { controlClasses } from "~/components/ui/field-styles";
import { listAllInvestments } from "~/domain/admin/list-investments.server";
import { readPageDirection } from "~/domain/admin/list-cursor";
import { Decimal, formatINR } from "~/lib/money";
import { getPrisma } from "~/services/db.server";
import { requireAdmin } from "~/web/guards.server";
import { formatIndiaDateTime } from "~/lib/formats";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  const pageParam = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(pageParam) && pageParam > 0 ? Math.min(pageParam, 100_000) : 1;
  const direction = readPageDirection(url.searchParams);
  return { search, page, ...(await listAllInvestments(getPrisma(), { search, page, direction })) };
}

export default function AdminInvestmentsPage() {
  const { search, page, rows, pageCount, cursors, stats } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Investments</h1>
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard label="Investments" value={String(stats.count)} />
        <StatCard label="Total invested" value={formatINR(stats.totalInvested)} />
        <StatCard label="Investors" value={String(stats.investors)} />
      </div>
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="investment-search" className="sr-only">
          Search by investor or property
        </label>
        <input
          id="investment-search"
          type="search"
          name="q"
          defaultValue={search}
          placeholder="Search by investor or property"
          className={`${controlClasses} mt-0 sm:max-w-sm`}
        />
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No investments found.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Investments">
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm sm:flex-row sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold">{row.user.fullName ?? row.user.email}</p>
                <p className="text-slate-700">
                  {row.property.title} · {row.property.city}, {row.property.country} · {row.property.propertyType}
                </p>
                <p className="text-xs text-slate-600">{formatIndiaDateTime(row.investmentDate)}</p>
              </div>
              <div className="sm:text-right">
                <p className="font-semibold">{formatINR(row.paid, { paise: true })}</p>
                <p className="text-xs text-slate-600">
                  Bought {row.purchasedShares} × {formatINR(row.pricePerShare, { paise: true })}
                  {new Decimal(row.fee).gt(0) ? ` plus ${formatINR(row.fee, { paise: true })} fee` : ""} ·{" "}
                  {row.sharesOwned === row.purchasedShares ? "all held" : `${row.sharesOwned} held`} · {row.investmentStatus}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager search={location.search} page={page} pageCount={pageCount} cursors={cursors} label="Investment pages" />
    </div>
  );
}
