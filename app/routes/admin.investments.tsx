import type { LoaderFunctionArgs } from "@remix-run/node";
import { enforceRouteTableGuard } from "~/domain/access/guards.server";

// Placeholder until the page is built; the guard is already the real one.
export async function loader({ request }: LoaderFunctionArgs) {
  await enforceRouteTableGuard(request, "/admin/investments");
  return null;
}

export default function PlaceholderPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Investments</h1>
      <p className="mt-2 text-slate-600">All investments on the platform. This page is coming soon.</p>
    </div>
  );
}
