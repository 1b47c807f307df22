import { getEnv } from "~/services/env.server";
import { TestProbeFailure } from "~/web/test-probe.server";

// A route that fails on purpose so end-to-end tests can see the error page. It exists only
// when the e2e server sets E2E_PROBES=true; everywhere else it is an ordinary 404.
export function loader() {
  if (!getEnv().E2E_PROBES) throw new Response("Not Found", { status: 404 });
  throw new TestProbeFailure("E2E probe failure: internal detail that must never reach the page");
}

export default function ErrorProbe() {
  return null;
}
