import type { LoaderFunctionArgs } from "@remix-run/node";
import { holdingsCsv, statementFileName } from "~/domain/statements/statement-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { ownStatement } from "~/web/statements.server";

// A resource route: the statement's holdings as CSV, valued as the account statement PDF values them.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const { figures } = await ownStatement(request, user);
  return new Response(holdingsCsv(figures), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName("holdings", figures, "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
