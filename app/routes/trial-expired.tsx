import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { requireUser } from "~/web/guards.server";
import { hasOpenSubscriptionRequest } from "~/domain/subscriptions/request-subscription.server";
import { submitUpgradeRequest } from "~/web/upgrade-action.server";
import { UPGRADE_INTENT } from "~/domain/subscriptions/upgrade-form";
import { paths } from "~/lib/paths";
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
  const signOut = { formAction: paths.auth.signOut() };

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Your free trial has ended</h1>
        <p className="mt-3 text-slate-600">Upgrade to Premium to keep exploring properties, invest and trade shares on Aangan.</p>
        {upgradeRequested ? <p className="mt-4 font-medium text-brand-700">Upgrade requested. Our team will contact you soon.</p> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {upgradeRequested ? null : (
            <Form method="post">
              <SubmitButton intent={UPGRADE_INTENT} pendingText="Sending request..." className="w-full">
                Upgrade to Premium
              </SubmitButton>
            </Form>
          )}
          <Form method="post" action={signOut.formAction}>
            <SubmitButton pendingWhen={signOut} variant="secondary" className="w-full">
              Sign Out
            </SubmitButton>
          </Form>
        </div>
      </div>
    </div>
  );
}
