import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { RouteError } from "~/components/error-pages/route-error";
import { Pagination } from "~/components/properties/pagination";
import { TransactionFilterForm } from "~/components/transactions/transaction-filter-form";
import { TransactionList } from "~/components/transactions/transaction-list";
import { requireDashboardUser } from "~/web/guards.server";
import { historyListRow, listTransactions, parseHistoryPage } from "~/domain/transactions/transaction-history.server";
import { parseTransactionFilter } from "~/lib/transactions";
import { getPrisma } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const params = new URL(request.url).searchParams;
  const filter = parseTransactionFilter(params.get("type"));
  const history = await listTransactions(getPrisma(), { userId: user.id, filter, page: parseHistoryPage(params.get("page")) });
  // Only what the list shows goes to the page (and into its HTML as the hydration data).
  return { filter, ...history, rows: history.rows.map(historyListRow) };
}

export default function TransactionsPage() {
  const { filter, rows, page, pageCount } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-ink">Transactions</h1>
        <TransactionFilterForm filter={filter} />
      </div>
      <TransactionList rows={rows} search={search} />
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(search)} pathname="/dashboard/transactions" />
      <Outlet />
    </div>
  );
}

// This page is also the layout of a transaction's details: when its own list fails to load,
// the failure is shown here, inside the dashboard's sidebar and header.
export function ErrorBoundary() {
  return <RouteError error={useRouteError()} />;
}
