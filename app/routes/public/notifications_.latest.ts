import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBellView } from "~/web/bell.server";

// Resource route: the bell's figures as JSON, which the bell fetches when an alert event
// arrives on a page that has no live stream of its own.
export async function loader({ request }: LoaderFunctionArgs) {
  const bell = await getBellView(request);
  const headers = { "Cache-Control": "no-store" };
  if (!bell) return Response.json({ error: "Not signed in" }, { status: 401, headers });
  return Response.json(bell, { headers });
}
