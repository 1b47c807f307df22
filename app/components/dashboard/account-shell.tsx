import type { ReactNode } from "react";
import type { SidebarProperty } from "~/components/dashboard/dashboard-nav";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { WaitlistNav } from "~/components/dashboard/waitlist-nav";

/**
 * Which frame a page open to every signed-in user (the data-rights page, ADR 0082) shows:
 * the investor dashboard's for whoever may read it, the waitlist dashboard's for a waitlist
 * player, else none.
 */
export type AccountShellData =
  { kind: "dashboard"; properties: SidebarProperty[]; propertyCount: number } | { kind: "waitlist" } | { kind: "plain" };

export function AccountShell({ shell, children }: { shell: AccountShellData; children: ReactNode }) {
  if (shell.kind === "dashboard") {
    return (
      <DashboardShell properties={shell.properties} propertyCount={shell.propertyCount}>
        {children}
      </DashboardShell>
    );
  }
  if (shell.kind === "waitlist") {
    return (
      <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
        <WaitlistNav />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    );
  }
  return <div className="mx-auto max-w-7xl">{children}</div>;
}
