import type { LoaderFunctionArgs } from "@remix-run/node";
import { enforceRouteTableGuard } from "~/domain/access/guards.server";

// Placeholder until the page is built; the guard is already the real one.
export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, "/dashboard/sell-requests");
  return null;
}

export default function PlaceholderPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Sell Requests</h1>
      <p className="mt-2 text-slate-600">Your share listings and buyer holds. This page is coming soon.</p>
    </div>
  );
}
