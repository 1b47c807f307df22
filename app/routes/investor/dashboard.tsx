import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { RouteError } from "~/components/error-pages/route-error";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { requireRecordsReader } from "~/web/guards.server";
import { listInvestedPropertiesPage } from "~/domain/portfolio/invested-properties.server";
import { getPrisma } from "~/services/db.server";
import { keepDataAfterNotSent } from "~/lib/not-sent";

// The layout of every /dashboard page; each child still runs its own guard in its loader.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRecordsReader(request);
  // The sidebar lists the first holdings; "?properties=all" (a plain link) lists every one.
  const all = new URL(request.url).searchParams.get("properties") === "all";
  const { properties, total } = await listInvestedPropertiesPage(getPrisma(), user.id, { all });
  return { properties, propertyCount: total };
}

export default function DashboardLayout() {
  const { properties, propertyCount } = useLoaderData<typeof loader>();
  useLiveRevalidation();
  return (
    <DashboardShell properties={properties} propertyCount={propertyCount}>
      <Outlet />
    </DashboardShell>
  );
}

/**
 * A failing dashboard page keeps the sidebar, so the investor can move on to another
 * section. If this layout's own loader failed there is no property list to show.
 */
// A money form that never reached the server leaves the layout's data as it was.
export const shouldRevalidate = keepDataAfterNotSent;

export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData<typeof loader>("routes/dashboard");
  return (
    <DashboardShell properties={layout?.properties ?? []} propertyCount={layout?.propertyCount ?? 0}>
      <RouteError error={error} />
    </DashboardShell>
  );
}
