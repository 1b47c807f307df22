import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { requireUser } from "~/domain/access/guards.server";
import { hasOpenSubscriptionRequest } from "~/domain/subscriptions/request-subscription.server";
import { submitUpgradeRequest } from "~/domain/subscriptions/upgrade-action.server";
import { UPGRADE_INTENT } from "~/domain/subscriptions/upgrade-form";
import { AUTH_ENDPOINTS } from "~/lib/route-table";
import { getPrisma } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { upgradeRequested: !user.subscriptionActive && (await hasOpenSubscriptionRequest(getPrisma(), user.id)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitUpgradeRequest(request, user.id, "/trial-expired");
}

export default function TrialExpiredPage() {
  const { upgradeRequested } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === UPGRADE_INTENT;

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Your free trial has ended</h1>
        <p className="mt-3 text-slate-600">
          Upgrade to Premium to keep exploring properties, invest and trade shares on Aangan.
        </p>
        {upgradeRequested ? (
          <p className="mt-4 font-medium text-brand-700">Upgrade requested. Our team will contact you soon.</p>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {upgradeRequested ? null : (
            <Form method="post">
              <button type="submit" name="intent" value={UPGRADE_INTENT} className={buttonClasses("primary", "md", "w-full")} disabled={submitting}>
                {submitting ? "Sending request..." : "Upgrade to Premium"}
              </button>
            </Form>
          )}
          <Form method="post" action={AUTH_ENDPOINTS.signOut}>
            <button type="submit" className={buttonClasses("secondary", "md", "w-full")}>
              Sign Out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
