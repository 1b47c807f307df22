import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ClientActionFunctionArgs } from "@remix-run/react";
import { sendUnlessDropped } from "~/components/wallet/fund-request-dialog";
import { keepDataAfterNotSent } from "~/lib/not-sent";
import { WalletScreen } from "~/components/wallet/wallet-screen";
import { paths } from "~/lib/paths";
import { loadWalletPage, submitWalletForm } from "~/web/wallet-page.server";
import { requireWaitlistUser } from "~/web/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireWaitlistUser(request);
  return loadWalletPage(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireWaitlistUser(request);
  return submitWalletForm(request, user, paths.waitlistDashboard.wallet());
}

/**
 * With JavaScript the form goes through here: a request the connection dropped keeps the
 * dialog open with what was typed and the app's notice, instead of an error page.
 */
export const clientAction = ({ request, serverAction }: ClientActionFunctionArgs) =>
  sendUnlessDropped(request, () => serverAction<typeof action>());

export const shouldRevalidate = keepDataAfterNotSent;

export default function WaitlistWalletPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof clientAction>() ?? null;
  return <WalletScreen data={data} reply={reply} walletPath={paths.waitlistDashboard.wallet()} />;
}
