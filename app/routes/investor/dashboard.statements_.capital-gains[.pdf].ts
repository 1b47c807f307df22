import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderCapitalGainsPdf, statementFileName } from "~/domain/statements/statement-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { receiptIssuer } from "~/web/legal-entity.server";
import { ownStatement } from "~/web/statements.server";

// A resource route: the signed-in investor's capital-gains statement for a financial year (?year=).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const { figures } = await ownStatement(request, user);
  const pdf = await renderCapitalGainsPdf(figures, receiptIssuer());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileName("capital-gains", figures, "pdf")}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
