import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { PrintButton } from "~/components/transactions/print-button";
import { PrintableReceipt } from "~/components/transactions/printable-receipt";
import { requireDashboardUser } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";
import { issuerLines, receiptLines, receiptNumber } from "~/domain/receipts/receipt.server";
import { receiptPartyOf } from "~/domain/receipts/receipt-party.server";
import { receiptIssuer } from "~/web/legal-entity.server";
import { getOwnTransaction } from "~/domain/transactions/transaction-history.server";
import { getPrisma } from "~/services/db.server";
import { paths } from "~/lib/paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const { transactionId } = requireParams(params, { transactionId: "uuid" });
  const row = await getOwnTransaction(getPrisma(), user.id, transactionId);
  const investor = await receiptPartyOf(getPrisma(), user.id);
  if (!row || !investor) throw data(null, { status: 404 });
  const issuer = receiptIssuer();
  return {
    id: row.id,
    number: receiptNumber(row),
    lines: receiptLines(row, investor, issuer),
    issuer: issuerLines(issuer),
  };
}

export default function PrintReceiptPage() {
  const { id, number, lines, issuer } = useLoaderData<typeof loader>();
  return (
    <PrintableReceipt number={number} lines={lines} issuer={issuer}>
      <PrintButton />
      <Link to={paths.dashboard.transaction(id)} className="text-sm font-medium text-brand-700 hover:underline">
        Back to transaction
      </Link>
    </PrintableReceipt>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="px-4 py-10">
      <h1 className="text-2xl font-bold">{missing ? "Receipt not found" : "This receipt could not be loaded"}</h1>
      <Link to={paths.dashboard.transactions()} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Back to transactions
      </Link>
    </div>
  );
}
