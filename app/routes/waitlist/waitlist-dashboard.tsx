import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { WaitlistNav } from "~/components/dashboard/waitlist-nav";
import { RouteError } from "~/components/error-pages/route-error";
import { useLiveRevalidation } from "~/components/realtime/use-live-revalidation";
import { requireWaitlistUser } from "~/web/guards.server";
import { keepDataAfterNotSent } from "~/lib/not-sent";

// The layout of every /waitlist-dashboard page; each child still runs its own guard.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireWaitlistUser(request);
  return null;
}

function WaitlistShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
      <WaitlistNav />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

export default function WaitlistDashboardLayout() {
  useLiveRevalidation();
  return (
    <WaitlistShell>
      <Outlet />
    </WaitlistShell>
  );
}

/** A failing page keeps the navigation, so the investor can move on. */
// A money form that never reached the server leaves the layout's data as it was.
export const shouldRevalidate = keepDataAfterNotSent;

export function ErrorBoundary() {
  return (
    <WaitlistShell>
      <RouteError error={useRouteError()} />
    </WaitlistShell>
  );
}
