import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStandIn, userInfo } from "~/services/auth/google-stand-in/endpoints.server";

export async function loader({ request }: LoaderFunctionArgs) {
  requireStandIn();
  return userInfo(request);
}
