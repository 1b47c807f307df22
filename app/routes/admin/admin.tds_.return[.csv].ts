import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/guards.server";
import { adminTdsReturn } from "~/web/tds.server";

// A resource route: a quarter's TDS return data (?year=&quarter=), deductee lines in Form 26Q's order.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { csv, fileName } = await adminTdsReturn(request);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
