import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PayPremiumForm, premiumGstText, premiumPriceText } from "~/components/premium/premium-offer";
import { SubmitButton } from "~/components/ui/status-button";
import { UPGRADE_INTENT } from "~/domain/subscriptions/upgrade-form";
import { formatIndiaDate, formatRupees } from "~/lib/formats";
import { paths } from "~/lib/paths";
import { enforceRouteTableGuard, requireUser } from "~/web/guards.server";
import { handlePremiumAction, loadPremiumPage } from "~/web/premium.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = (await enforceRouteTableGuard(request, paths.premium.page.pattern))!;
  return loadPremiumPage(user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return handlePremiumAction(request, user);
}

/** Premium (ADR 0063): what it costs, whether you have it and until when, each paid period's receipt. */
export default function PremiumPage() {
  const { quote, payKey, subscription, waiverRequested } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-ink">Premium</h1>
      <section aria-labelledby="premium-status" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="premium-status" className="text-lg font-semibold">
          Your Premium
        </h2>
        <p className="mt-2 text-slate-700" data-testid="premium-status">
          {!subscription.active
            ? "You do not have Premium."
            : subscription.endsAt
              ? `Premium is active until ${formatIndiaDate(subscription.endsAt)}.`
              : "Premium is active (granted by our team, no end date)."}
        </p>
      </section>

      <section aria-labelledby="premium-price" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h2 id="premium-price" className="text-lg font-semibold">
          {subscription.active ? "Extend Premium" : "Get Premium"}
        </h2>
        <p className="mt-2 font-medium text-ink" data-testid="premium-price">
          {premiumPriceText(quote)}
        </p>
        <p className="mt-1 text-sm text-slate-600">{premiumGstText(quote)}</p>
        <p className="mt-1 text-sm text-slate-600">
          Investing, your wallet and dashboard, and resale. A payment made while Premium runs adds its period after the current one.
        </p>
        {payKey ? (
          <PayPremiumForm quote={quote} payKey={payKey} className="mt-4" />
        ) : (
          <p className="mt-4 text-sm text-slate-700">Paying online is not available here; ask our team below.</p>
        )}
        {subscription.active ? null : (
          <div className="mt-5 border-t border-brand-100 pt-4">
            <h3 className="text-sm font-semibold">Cannot pay? Ask for a waiver</h3>
            {waiverRequested ? (
              <p className="mt-1 text-sm font-medium text-brand-700">Waiver requested. Our team will contact you soon.</p>
            ) : (
              <Form method="post" action={paths.welcome()} className="mt-2">
                <SubmitButton intent={UPGRADE_INTENT} variant="secondary" size="sm" pendingText="Sending request...">
                  Request a Premium waiver
                </SubmitButton>
              </Form>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="premium-periods" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="premium-periods" className="text-lg font-semibold">
          Periods and receipts
        </h2>
        {subscription.periods.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No Premium periods yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {subscription.periods.map((period) => (
              <li key={period.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                <span>
                  {period.source === "waiver" ? "Waiver" : formatRupees(period.amount ?? "0")}: {formatIndiaDate(period.startsAt)}
                  {period.endsAt ? ` to ${formatIndiaDate(period.endsAt)}` : " onwards"}
                  {period.cancelled ? " (ended early)" : ""}
                </span>
                {period.receiptNumber ? (
                  <a href={paths.premium.receiptPdf(period.id)} className="font-medium text-brand-700 hover:underline" download>
                    Receipt {period.receiptNumber} (PDF)
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="text-sm">
        <Link to={paths.welcome()} className="font-medium text-brand-700 hover:underline">
          Back to Welcome
        </Link>
      </p>
    </div>
  );
}
