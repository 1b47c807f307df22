import type { LoaderFunctionArgs } from "@remix-run/node";
import { enforceRouteTableGuard } from "~/domain/access/guards.server";
import { ComingSoon } from "~/components/coming-soon";

// Placeholder until the page is built; the guard is already the real one.
export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, "/admin/kyc");
  return null;
}

export default function PlaceholderPage() {
  return <ComingSoon title="KYC Management" description="Review KYC submissions. This page is coming soon." />;
}
