import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveEventsResponse } from "./live-events.server";

// Resource route: a server-sent event stream of the channels the signed-in user may hear.
export async function loader({ request }: LoaderFunctionArgs) {
  return liveEventsResponse(request);
}
