import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button-styles";
import { SubmitButton } from "~/components/ui/status-button";
import { requireUser, requireWelcomeUser } from "~/web/guards.server";
import { hasOpenSubscriptionRequest } from "~/domain/subscriptions/request-subscription.server";
import { submitUpgradeRequest } from "~/web/upgrade-action.server";
import { UPGRADE_INTENT } from "~/domain/subscriptions/upgrade-form";
import { greetingName, trialDaysLeft } from "~/lib/greeting";
import { paths } from "~/lib/paths";
import { dashboardHref } from "~/lib/route-table";
import { getPrisma } from "~/services/db.server";
import { OnboardingChecklist } from "~/components/onboarding/onboarding-checklist";
import { onboardingChecklist } from "~/domain/profiles/onboarding-checklist.server";
import { ownWalletPath } from "~/domain/access/access-rules";
import { PayPremiumForm, premiumGstText, premiumPriceText } from "~/components/premium/premium-offer";
import { premiumOffer } from "~/web/premium.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWelcomeUser(request);
  return {
    name: greetingName(user),
    subscribed: user.subscriptionActive,
    daysLeft: trialDaysLeft(user.trialExpiresAt),
    dashboardHref: dashboardHref(user),
    upgradeRequested: !user.subscriptionActive && (await hasOpenSubscriptionRequest(getPrisma(), user.id)),
    premium: await premiumOffer(user),
    checklist: await onboardingChecklist(getPrisma(), user, {
      kyc: paths.kyc(),
      // The wallet lives in a dashboard; without Premium the upgrade card below is the way there.
      wallet: user.subscriptionActive ? ownWalletPath(user) : null,
      properties: paths.properties(),
      watchlist: paths.properties({ sort: "return" }),
    }),
  };
}

// Only sign-in is required: someone whose trial just ended must still be able to ask to upgrade.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitUpgradeRequest(request, user.id, "/welcome");
}

// Every card leads somewhere real (ADR 0054): the spec's Browse Properties and Email Support
// are kept; Wealth Projector, Educational Seminars and Legal Assistance promised services that
// do not exist, so the risk disclosure and the FAQ take their places.
const CARDS = [
  {
    title: "Browse Properties",
    text: "Explore verified properties open for fractional investment.",
    to: paths.properties(),
    cta: "Browse Properties →",
  },
  {
    title: "Understand the risks",
    text: "What can go wrong, and what Aangan is and is not.",
    to: paths.legal.risk(),
    cta: "Read the risk disclosure →",
  },
  { title: "Questions and fees", text: "How ownership, rent, resale and every fee work.", to: paths.legal.faq(), cta: "Read the FAQ →" },
  {
    title: "Email Support",
    text: "Write to our team or the grievance officer; the contact page says how fast we answer.",
    to: paths.legal.contact(),
    cta: "Contact us →",
  },
] as const;

export default function WelcomePage() {
  const { name, subscribed, daysLeft, dashboardHref, upgradeRequested, checklist, premium } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Welcome, {name}!</h1>
      {subscribed ? (
        <p className="mt-2 text-slate-700">You have Premium access. Your dashboard and every feature are open to you.</p>
      ) : (
        <p className="mt-2 text-slate-700">
          Your free trial has {daysLeft} {daysLeft === 1 ? "day" : "days"} left.
        </p>
      )}

      <OnboardingChecklist steps={checklist} />

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.title} className="rounded-xl border border-slate-200 p-5">
            <h2 className="font-semibold">{card.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{card.text}</p>
            <Link to={card.to} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
              {card.cta}
            </Link>
          </li>
        ))}

        {subscribed ? (
          <li className="rounded-xl border border-brand-100 bg-brand-50 p-5">
            <h2 className="font-semibold">Premium Dashboard</h2>
            <p className="mt-1 text-sm text-slate-600">Your investments, wallet and watchlist in one place.</p>
            <Link to={dashboardHref} className={buttonClasses("primary", "sm", "mt-3")}>
              Open Dashboard
            </Link>
            <Link to={paths.premium.page()} className="mt-3 block text-sm font-medium text-brand-700 hover:underline">
              Your Premium and receipts →
            </Link>
          </li>
        ) : (
          <li className="rounded-xl border border-brand-100 bg-brand-50 p-5">
            <h2 className="font-semibold">Upgrade Account</h2>
            <p className="mt-1 text-sm text-slate-600">Unlock investing, trading and your dashboard.</p>
            <p className="mt-2 text-sm font-medium text-ink" data-testid="welcome-premium-price">
              Premium: {premiumPriceText(premium.quote)}
            </p>
            <p className="mt-1 text-xs text-slate-600">{premiumGstText(premium.quote)}</p>
            {premium.payKey ? <PayPremiumForm quote={premium.quote} payKey={premium.payKey} className="mt-3" /> : null}
            {upgradeRequested ? (
              <p className="mt-3 text-sm font-medium text-brand-700">Waiver requested. Our team will contact you soon.</p>
            ) : (
              <Form method="post" className="mt-3">
                <SubmitButton
                  intent={UPGRADE_INTENT}
                  pendingText="Sending request..."
                  size="sm"
                  variant={premium.payKey ? "secondary" : "primary"}
                >
                  {premium.payKey ? "Cannot pay? Request a waiver" : "Upgrade Account"}
                </SubmitButton>
              </Form>
            )}
            <Link to={paths.premium.page()} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
              About Premium →
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
