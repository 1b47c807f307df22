import type { ActionFunctionArgs } from "@remix-run/node";
import { handleRazorpayWebhook } from "~/web/payments.server";

// The gateway only ever posts here.
export async function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Authenticated by the gateway's signature over the raw body, never by a session (ADR 0061). */
export async function action({ request }: ActionFunctionArgs) {
  return handleRazorpayWebhook(request);
}
