import type { LoaderFunctionArgs } from "@remix-run/node";
import { capitalGainsCsv, statementFileName } from "~/domain/statements/statement-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { ownStatement } from "~/web/statements.server";

// A resource route: the capital-gains statement as CSV, the same figures as its PDF.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const { figures } = await ownStatement(request, user);
  return new Response(capitalGainsCsv(figures), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName("capital-gains", figures, "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
