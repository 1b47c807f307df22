import type { ReactNode } from "react";
import { DashboardNav, type SidebarProperty } from "~/components/dashboard/dashboard-nav";

/** The investor dashboard's frame: its navigation, then the page. */
export function DashboardShell({
  properties,
  propertyCount,
  children,
}: {
  properties: SidebarProperty[];
  propertyCount: number;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
      <DashboardNav properties={properties} propertyCount={propertyCount} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
