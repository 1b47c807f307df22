import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOptionalUser } from "~/web/guards.server";
import { SIGNED_OUT_NOTICE } from "~/lib/auth-messages";
import { redirectWithToast } from "~/web/flash.server";
import { destroyUserSession } from "~/services/session.server";

// Signing out changes state, so it only happens on POST.
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  const headers = new Headers({ "Set-Cookie": await destroyUserSession(request) });
  if (!user) return redirect("/", { headers });
  return redirectWithToast("/", { kind: "success", ...SIGNED_OUT_NOTICE }, { headers });
}
