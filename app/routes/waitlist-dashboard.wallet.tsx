import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WalletScreen } from "~/components/wallet/wallet-screen";
import { paths } from "~/lib/paths";
import { loadWallet, submitFundRequest } from "~/web/fund-requests.server";
import { requireWaitlistUser } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWaitlistUser(request);
  return loadWallet(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireWaitlistUser(request);
  return submitFundRequest(request, user, paths.waitlistDashboard.wallet());
}

export default function WaitlistWalletPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  return <WalletScreen data={data} reply={reply} walletPath={paths.waitlistDashboard.wallet()} />;
}
