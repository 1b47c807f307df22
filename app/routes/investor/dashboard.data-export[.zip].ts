import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { collectDataExport, dataExportZip } from "~/domain/privacy/data-export.server";
import { getPrisma } from "~/services/db.server";
import { requireDataRightsUser } from "~/web/guards.server";

/** Everything Aangan holds about the signed-in user (only them, whatever their tier: ADR 0082), as a streamed zip. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDataRightsUser(request);
  const data = await collectDataExport(getPrisma(), user.id);
  if (!data) throw new Response("Not found", { status: 404 });
  const day = data.exportedAt.slice(0, 10);
  return new Response(createReadableStreamFromReadable(dataExportZip(data)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="aangan-my-data-${day}.zip"`,
      "Cache-Control": "no-store",
    },
  });
}
