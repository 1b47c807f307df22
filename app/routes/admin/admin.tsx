import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminNav } from "~/components/admin/admin-nav";
import { RouteError } from "~/components/error-pages/route-error";
import { requireAdmin } from "~/web/guards.server";

// The layout of every /admin page; each child still runs its own guard in its loader.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
      <AdminNav />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/** A failing admin page keeps the navigation, so the admin can move on to another section. */
export function ErrorBoundary() {
  return (
    <AdminShell>
      <RouteError error={useRouteError()} />
    </AdminShell>
  );
}
