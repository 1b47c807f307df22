import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderTaxPackPdf, taxPackFileName } from "~/domain/tds/tds-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { tdsDeductor } from "~/web/legal-entity.server";
import { ownTaxPack } from "~/web/tds.server";

// A resource route: the signed-in investor's tax pack for a financial year (?year=).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const pack = await ownTaxPack(request, user);
  const pdf = await renderTaxPackPdf(pack, tdsDeductor());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${taxPackFileName(pack, "pdf")}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
