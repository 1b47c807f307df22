import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { TransactionDetailsDialog } from "~/components/transactions/transaction-details-dialog";
import { requireDashboardUser } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { receiptNumber } from "~/domain/receipts/receipt.server";
import { getOwnTransaction } from "~/domain/transactions/transaction-history.server";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";
import { coolingOffFor, submitCancelPurchase } from "~/web/cooling-off.server";
import { reinvestmentLinkOf } from "~/domain/plans/reinvest.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  // Someone else's transaction reads as missing.
  const { transactionId } = requireParams(params, { transactionId: "uuid" });
  const row = await getOwnTransaction(getPrisma(), user.id, transactionId);
  if (!row) throw data(null, { status: 404 });
  const reinvestment = await reinvestmentLinkOf(getPrisma(), user.id, transactionId);
  const linked = !reinvestment
    ? []
    : reinvestment.dividendTransactionId === transactionId
      ? reinvestment.purchaseTransactionIds.map((id) => ({
          label: "The purchase this rent paid for",
          href: paths.dashboard.transaction(id),
        }))
      : [
          {
            label: "The rent distribution that paid for this purchase",
            href: paths.dashboard.transaction(reinvestment.dividendTransactionId),
          },
        ];
  return { row, receiptNumber: receiptNumber(row), coolingOff: await coolingOffFor(row), linked };
}

/** Cancel Purchase in the cooling-off window (ADR 0068); only the buyer's own purchase. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireDashboardUser(request);
  // The id is checked after the form is read: a malformed one is the domain's "not found".
  return submitCancelPurchase(request, user, params.transactionId ?? "");
}

export default function TransactionDetailsRoute() {
  const { row, receiptNumber, coolingOff, linked } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <TransactionDetailsDialog
      row={row}
      receiptNumber={receiptNumber}
      coolingOff={coolingOff}
      linked={linked}
      closeHref={paths.dashboard.transactions(search)}
      receiptHref={paths.dashboard.transactionReceipt(row.id)}
      printHref={paths.dashboard.transactionPrint(row.id)}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {missing ? "Transaction not found." : "This transaction could not be loaded. Please try again."}{" "}
      <Link to={paths.dashboard.transactions()} className="font-semibold underline">
        Back to transactions
      </Link>
    </div>
  );
}
