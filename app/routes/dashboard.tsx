import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DashboardNav, type SidebarProperty } from "~/components/dashboard/dashboard-nav";
import { RouteError } from "~/components/error-pages/route-error";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { requireDashboardUser } from "~/web/guards.server";
import { listInvestedProperties } from "~/domain/portfolio/invested-properties.server";
import { getPrisma } from "~/services/db.server";

// The layout of every /dashboard page; each child still runs its own guard in its loader.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const properties = await listInvestedProperties(getPrisma(), user.id);
  return { properties };
}

function DashboardShell({ properties, children }: { properties: SidebarProperty[]; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
      <DashboardNav properties={properties} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export default function DashboardLayout() {
  const { properties } = useLoaderData<typeof loader>();
  useLiveRevalidation();
  return (
    <DashboardShell properties={properties}>
      <Outlet />
    </DashboardShell>
  );
}

/**
 * A failing dashboard page keeps the sidebar, so the investor can move on to another
 * section. If this layout's own loader failed there is no property list to show.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/dashboard");
  return (
    <DashboardShell properties={layout?.properties ?? []}>
      <RouteError error={error} />
    </DashboardShell>
  );
}
