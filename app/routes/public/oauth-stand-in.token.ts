import type { ActionFunctionArgs } from "@remix-run/node";
import { exchangeCode, requireStandIn } from "~/services/auth/google-stand-in/endpoints.server";

// The token endpoint is POST-only, as with Google.
export async function loader() {
  requireStandIn();
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  requireStandIn();
  return exchangeCode(request);
}
