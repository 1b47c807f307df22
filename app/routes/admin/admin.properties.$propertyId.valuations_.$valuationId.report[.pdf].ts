import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { findValuationReport } from "~/domain/valuations/property-valuations.server";
import { getPrisma } from "~/services/db.server";
import { getPrivateStorage } from "~/services/storage/private-storage-from-env.server";
import { requireAdmin } from "~/web/guards.server";
import { requireParams } from "~/web/params.server";

const reportNotFound = () => new Response("Report not found.", { status: 404 });

/** A valuation's report, read from private storage, for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { propertyId, valuationId } = requireParams(params, { propertyId: "text", valuationId: "uuid" }, reportNotFound);
  const report = await findValuationReport(getPrisma(), propertyId, valuationId);
  if (!report) return reportNotFound();
  const stream = await getPrivateStorage().read(report.storageKey);
  if (!stream) return new Response("Failed to download the report. Please try again.", { status: 502 });
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(report.size),
      "Content-Disposition": `attachment; filename="valuation-${report.valuationDate}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
