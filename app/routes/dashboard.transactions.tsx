import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { TransactionFilterForm } from "~/components/transactions/transaction-filter-form";
import { TransactionList } from "~/components/transactions/transaction-list";
import { requireDashboardUser } from "~/domain/access/guards.server";
import { listTransactions } from "~/domain/transactions/transaction-history.server";
import { parseTransactionFilter } from "~/lib/transactions";
import { getPrisma } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const filter = parseTransactionFilter(new URL(request.url).searchParams.get("type"));
  const rows = await listTransactions(getPrisma(), user.id, filter);
  return { filter, rows };
}

export default function TransactionsPage() {
  const { filter, rows } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="space-y-4 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-ink">Transactions</h1>
        <TransactionFilterForm filter={filter} />
      </div>
      <TransactionList rows={rows} search={search} />
      <Outlet />
    </div>
  );
}
