import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FundRequestNotice, WalletActivityList, WalletBalancePanel } from "~/components/wallet/wallet-views";
import { openFundRequest } from "~/components/wallet/wallet-model";
import { requireDashboardUser } from "~/domain/access/guards.server";
import { getWalletSummary } from "~/domain/wallet/wallet-summary.server";
import { getPrisma } from "~/services/db.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDashboardUser(request);
  const wallet = await getWalletSummary(getPrisma(), user.id);
  const notice = openFundRequest(new URL(request.url).searchParams.get("request"), wallet.available);
  return { wallet, notice };
}

export default function WalletPage() {
  const { wallet, notice } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Wallet</h1>
      <WalletBalancePanel available={wallet.available} held={wallet.held} />
      <WalletActivityList activity={wallet.activity} />
      {notice ? <FundRequestNotice kind={notice} closeHref="/dashboard/wallet" /> : null}
    </div>
  );
}
