import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDashboardUser } from "~/web/guards.server";
import { receiptNumber, renderReceiptPdf } from "~/domain/receipts/receipt.server";
import { receiptPartyOf } from "~/domain/receipts/receipt-party.server";
import { getOwnTransaction } from "~/domain/transactions/transaction-history.server";
import { getPrisma } from "~/services/db.server";
import { receiptIssuer } from "~/web/legal-entity.server";
import { requireParams } from "~/web/params.server";

const transactionNotFound = () =>
  new Response("Transaction not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

// A resource route: the PDF receipt of one of the user's own transactions.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const { transactionId } = requireParams(params, { transactionId: "uuid" }, transactionNotFound);
  const row = await getOwnTransaction(getPrisma(), user.id, transactionId);
  if (!row) throw transactionNotFound();
  const investor = await receiptPartyOf(getPrisma(), user.id);
  if (!investor) throw transactionNotFound();
  const pdf = await renderReceiptPdf(row, investor, receiptIssuer());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${receiptNumber(row)}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
