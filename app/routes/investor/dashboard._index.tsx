import type { LoaderFunctionArgs } from "@remix-run/node";
import { enforceRouteTableGuard } from "~/web/guards.server";

// A bare path: the guard runs first, then the route table forwards to the child page.
export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, "/dashboard");
  return null;
}
