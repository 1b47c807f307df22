import type { LoaderFunctionArgs } from "@remix-run/node";
import { enforceRouteTableGuard } from "~/web/guards.server";
import { ComingSoon } from "~/components/coming-soon";

// Placeholder until the page is built; the guard is already the real one.
export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, "/trading");
  return null;
}

export default function PlaceholderPage() {
  return <ComingSoon title="Trading" description="Buy and sell property shares. This page is coming soon." />;
}
