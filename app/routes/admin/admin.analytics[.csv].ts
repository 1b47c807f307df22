import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { streamAnalyticsCsv } from "~/domain/admin/dashboard/analytics-csv.server";
import { replicaStreamClient } from "~/web/replica-reads.server";
import { requireAdmin } from "~/web/guards.server";

/** The User Analytics CSV: every user, streamed as it is read. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(createReadableStreamFromReadable(streamAnalyticsCsv(await replicaStreamClient("analytics"))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="user-analytics-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
