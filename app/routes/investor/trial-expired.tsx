import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/status-button";
import { requireUser } from "~/web/guards.server";
import { hasOpenSubscriptionRequest } from "~/domain/subscriptions/request-subscription.server";
import { submitUpgradeRequest } from "~/web/upgrade-action.server";
import { UPGRADE_INTENT } from "~/domain/subscriptions/upgrade-form";
import { paths } from "~/lib/paths";
import { getPrisma } from "~/services/db.server";
import { PayPremiumForm, premiumGstText, premiumPriceText } from "~/components/premium/premium-offer";
import { premiumOffer } from "~/web/premium.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    upgradeRequested: !user.subscriptionActive && (await hasOpenSubscriptionRequest(getPrisma(), user.id)),
    premium: await premiumOffer(user),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitUpgradeRequest(request, user.id, "/trial-expired");
}

export default function TrialExpiredPage() {
  const { upgradeRequested, premium } = useLoaderData<typeof loader>();
  const signOut = { formAction: paths.auth.signOut() };

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold">Your free trial has ended</h1>
        <p className="mt-3 text-slate-600">Upgrade to Premium to keep exploring properties, invest and trade shares on Aangan.</p>
        <div className="mt-5 rounded-xl bg-brand-50 p-4 text-left">
          <h2 className="text-sm font-semibold text-ink">Premium includes</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Investing in every open property, from one share</li>
            <li>Your dashboard: wallet, portfolio, transactions and receipts</li>
            <li>Watchlist notes and alerts when properties open or sell out</li>
            <li>Selling your shares to other investors where resale is open</li>
          </ul>
          <h2 className="mt-4 text-sm font-semibold text-ink">What it costs</h2>
          <p className="mt-1 text-sm text-slate-700" data-testid="trial-premium-price">
            {premiumPriceText(premium.quote)}. {premiumGstText(premium.quote)}.
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Pay by UPI or net banking and Premium starts at once. If you cannot pay, ask our team for a waiver; they contact you within one
            working day.
          </p>
        </div>
        {upgradeRequested ? <p className="mt-4 font-medium text-brand-700">Waiver requested. Our team will contact you soon.</p> : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {premium.payKey ? <PayPremiumForm quote={premium.quote} payKey={premium.payKey} /> : null}
          {upgradeRequested ? null : (
            <Form method="post">
              <SubmitButton
                intent={UPGRADE_INTENT}
                pendingText="Sending request..."
                className="w-full"
                variant={premium.payKey ? "secondary" : "primary"}
              >
                {premium.payKey ? "Request a waiver" : "Upgrade to Premium"}
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
