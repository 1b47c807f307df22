import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/services/env.server";
import { redirectWithToast } from "~/web/flash.server";

// Redirects home with a flashed toast so end-to-end tests can watch one arrive, with and
// without JavaScript. Like the error probe it exists only when E2E_PROBES=true.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!getEnv().E2E_PROBES) throw new Response("Not Found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const failed = query.get("kind") === "error";
  // ?to= picks a page with the full header (the landing page has no menu); local paths only.
  const to = query.get("to") ?? "";
  return redirectWithToast(
    /^\/[a-z-]*$/.test(to) ? to : "/",
    failed
      ? { kind: "error", title: "Probe Failed", description: "A flashed error toast." }
      : { kind: "success", title: "Probe Succeeded", description: "A flashed success toast." },
  );
}
