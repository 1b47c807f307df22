import type { ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { redirect } from "@remix-run/node";
import { getOptionalUser } from "~/web/guards.server";
import { SIGNED_OUT_EVERYWHERE_NOTICE, SIGNED_OUT_NOTICE } from "~/lib/auth-messages";
import { readFormData } from "~/web/form-data.server";
import { redirectWithToast } from "~/web/flash.server";
import { destroyAllUserSessions, destroyUserSession } from "~/services/session.server";

// Signing out changes state, so it only happens on POST.
export async function loader() {
  return redirect("/");
}

const signOutSchema = z.object({ scope: z.string().optional() });

/** Signs this browser out; with `scope=everywhere`, every session of the user on every device too. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request);
  const form = parseWithZod(await readFormData(request.clone()), { schema: signOutSchema });
  const headers = new Headers({ "Set-Cookie": await destroyUserSession(request) });
  if (!user) return redirect("/", { headers });
  if (form.status === "success" && form.value.scope === "everywhere") {
    const others = await destroyAllUserSessions(user.id);
    return redirectWithToast("/", { kind: "success", ...SIGNED_OUT_EVERYWHERE_NOTICE(others) }, { headers });
  }
  return redirectWithToast("/", { kind: "success", ...SIGNED_OUT_NOTICE }, { headers });
}
