import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderTdsCertificatePdf, tdsCertificateFileName } from "~/domain/tds/tds-documents.server";
import { requireRecordsReader } from "~/web/guards.server";
import { tdsDeductor } from "~/web/legal-entity.server";
import { ownTdsCertificate } from "~/web/tds.server";

// A resource route: the signed-in investor's TDS certificate for a quarter (?year=&quarter=).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const certificate = await ownTdsCertificate(request, user);
  const pdf = await renderTdsCertificatePdf(certificate, tdsDeductor());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${tdsCertificateFileName(certificate)}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
