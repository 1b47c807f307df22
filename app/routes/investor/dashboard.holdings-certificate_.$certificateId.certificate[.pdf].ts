import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderHoldingsCertificatePdf } from "~/domain/certificates/holdings-certificate-pdf.server";
import type { CertificateContent } from "~/domain/certificates/holdings-certificate.server";
import { isUuid } from "~/lib/uuid";
import { getPrisma } from "~/services/db.server";
import { requireRecordsReader } from "~/web/guards.server";
import { receiptIssuer } from "~/web/legal-entity.server";

// One issued holdings certificate, for its owner only: anyone else's (or an unknown id) is 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  const id = params.certificateId ?? "";
  const row = isUuid(id)
    ? await getPrisma().holdingsCertificate.findFirst({ where: { id, userId: user.id }, select: { code: true, content: true } })
    : null;
  if (!row) throw new Response("Not found", { status: 404 });
  const pdf = await renderHoldingsCertificatePdf({ code: row.code, content: row.content as CertificateContent }, receiptIssuer());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="aangan-holdings-certificate-${row.code}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
