import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FeatureAccessCards } from "~/components/dashboard/feature-access-cards";
import { buttonClasses } from "~/components/ui/button-styles";
import { WalletActions } from "~/components/wallet/wallet-actions";
import { requireWaitlistUser } from "~/web/guards.server";
import { getWalletSummary } from "~/domain/wallet/wallet-summary.server";
import { getPrisma } from "~/services/db.server";
import { formatINR } from "~/lib/money";
import { paths } from "~/lib/paths";

const KYC_BADGES: Record<string, { label: string; tone: string }> = {
  approved: { label: "KYC Verified", tone: "bg-emerald-100 text-emerald-800" },
  under_review: { label: "KYC Under Review", tone: "bg-sky-100 text-sky-800" },
  rejected: { label: "KYC Rejected", tone: "bg-red-100 text-red-800" },
  pending: { label: "KYC Pending", tone: "bg-amber-100 text-amber-800" },
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWaitlistUser(request);
  const wallet = await getWalletSummary(getPrisma(), user.id, 0);
  return { available: wallet.available, kycStatus: user.kycStatus };
}

export default function WaitlistOverviewPage() {
  const { available, kycStatus } = useLoaderData<typeof loader>();
  const badge = KYC_BADGES[kycStatus] ?? { label: "Not Verified", tone: "bg-slate-200 text-slate-700" };
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Overview</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="wallet-heading" className="rounded-xl border border-slate-200 p-4">
          <h2 id="wallet-heading" className="text-sm text-slate-600">
            Wallet balance
          </h2>
          <p className="mt-1 text-2xl font-bold text-ink">{formatINR(available, { paise: true })}</p>
          <p className="mt-2 mb-3 text-sm text-slate-600">Add or withdraw funds with a request to our team.</p>
          {/* The wallet's own fund-request buttons: each opens its request form on the wallet page. */}
          <WalletActions available={available} walletPath={paths.waitlistDashboard.wallet()} />
          <Link to={paths.waitlistDashboard.wallet()} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
            Open wallet
          </Link>
        </section>
        <section aria-labelledby="kyc-heading" className="rounded-xl border border-slate-200 p-4">
          <h2 id="kyc-heading" className="text-sm text-slate-600">
            Verification
          </h2>
          <p className="mt-2">
            <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.tone}`}>{badge.label}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {kycStatus === "approved" ? null : (
              <Link to={paths.kyc()} className={buttonClasses("secondary", "sm")}>
                Complete KYC
              </Link>
            )}
            <Link to={paths.properties()} className={buttonClasses("primary", "sm")}>
              New Investment
            </Link>
          </div>
        </section>
      </div>
      <section aria-labelledby="features-heading" className="space-y-3">
        <h2 id="features-heading" className="text-lg font-semibold text-ink">
          Feature Access
        </h2>
        <FeatureAccessCards />
      </section>
    </div>
  );
}
