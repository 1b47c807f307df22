import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DashboardNav } from "~/components/dashboard/dashboard-nav";
import { requireDashboardUser } from "~/domain/access/guards.server";
import { listInvestedProperties } from "~/domain/portfolio/invested-properties.server";
import { getPrisma } from "~/services/db.server";

// The layout of every /dashboard page; each child still runs its own guard in its loader.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const properties = await listInvestedProperties(getPrisma(), user.id);
  return { properties };
}

export default function DashboardLayout() {
  const { properties } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
      <DashboardNav properties={properties} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
