import type { LoaderFunctionArgs } from "@remix-run/node";
import { taxPackCsv, taxPackFileName } from "~/domain/tds/tds-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { ownTaxPack } from "~/web/tds.server";

// A resource route: the tax pack as CSV, the same figures as its PDF.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const pack = await ownTaxPack(request, user);
  return new Response(taxPackCsv(pack), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${taxPackFileName(pack, "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
