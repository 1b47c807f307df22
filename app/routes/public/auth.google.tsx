import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { redirect } from "@remix-run/node";
import { requireGuest } from "~/web/guards.server";
import { safeRedirectTo } from "~/lib/redirect-to";
import { authenticator, GOOGLE_STRATEGY } from "~/services/auth/authenticator.server";
import { returnToCookie } from "~/services/auth/oauth-cookies.server";
import { readFormData } from "~/web/form-data.server";

// Starting sign-in is a POST from the /auth page; a stray GET just goes back there.
export async function loader() {
  return redirect("/auth");
}

const signInSchema = z.object({ redirectTo: z.string().optional() });

/** Sends the browser to Google (or the stand-in) with a fresh state kept in a signed cookie. */
export async function action({ request }: ActionFunctionArgs) {
  await requireGuest(request);
  const form = parseWithZod(await readFormData(request.clone()), { schema: signInSchema });
  const redirectTo = safeRedirectTo(form.status === "success" ? form.value.redirectTo : null, "");
  try {
    await authenticator().authenticate(GOOGLE_STRATEGY, request);
  } catch (response) {
    if (!(response instanceof Response)) throw response;
    if (redirectTo) response.headers.append("Set-Cookie", await returnToCookie().serialize(redirectTo));
    throw response;
  }
  return redirect("/auth");
}
