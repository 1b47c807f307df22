import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/services/env.server";
import { requireDashboardUser } from "~/web/guards.server";
import { TestProbeFailure } from "~/web/test-probe.server";

// Fails on purpose inside the dashboard layout, so end-to-end tests can see that a failing
// page keeps the sidebar and header. Like the other probes it exists only when the e2e
// server sets E2E_PROBES=true; everywhere else it is an ordinary 404.
export async function loader({ request }: LoaderFunctionArgs) {
  if (!getEnv().E2E_PROBES) throw new Response("Not Found", { status: 404 });
  await requireDashboardUser(request);
  throw new TestProbeFailure("E2E dashboard probe failure: internal detail that must never reach the page");
}

export default function DashboardErrorProbe() {
  return null;
}
