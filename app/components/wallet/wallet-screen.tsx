import { FundRequestDialog, type FundRequestReply, type WithdrawDestination } from "./fund-request-dialog";
import { PayOnlineDialog } from "./pay-online-dialog";
import { OnlinePaymentsPanel, type OnlinePayment } from "./online-payments-panel";
import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import { DepositInstructionsPanel, FundRequestsPanel } from "./fund-requests-panel";
import { WalletActivityList, WalletBalancePanel } from "./wallet-views";
import { openFundRequest } from "./wallet-model";
import type { WalletActivity } from "~/domain/wallet/wallet-summary.server";
import type { FundLimits } from "~/domain/wallet/fund-request-rules";
import type { FundRequestsView } from "~/domain/wallet/list-fund-requests.server";

export type WalletScreenData = {
  wallet: { available: string; held: string; activity: WalletActivity[] };
  funds: FundRequestsView;
  kycApproved: boolean;
  dialog: string | null;
  /** Each kind of request's per-request and per-day limits (ADR 0056). */
  limits?: Record<"add-funds" | "withdraw", FundLimits>;
  instructions: {
    reference: string;
    referenceCode: string;
    amount: string;
    escrow: { name: string; accountNumber: string; ifsc: string; upiId: string };
  } | null;
  /** The withdrawal typed before a re-authentication, to fill the form in again. */
  draft?: FundRequestReply | null;
  /** Paying through the gateway, when it is on (ADR 0061): the Pay Online form's key. */
  payOnline?: { payKey: string } | null;
  /** The latest payments through the gateway. */
  payments?: OnlinePayment[];
  /** The bank account withdrawals go to, and whether they are paid out automatically (ADR 0064). */
  withdrawTo?: WithdrawDestination | null;
};

/** Both wallet pages (dashboard and waitlist dashboard): balance, requests, holds, activity, and the request dialogs. */
export function WalletScreen({
  data,
  reply: actionReply,
  walletPath,
}: {
  data: WalletScreenData;
  reply: FundRequestReply | null;
  walletPath: string;
}) {
  const payReply = actionReply?.intent === PAY_ONLINE ? actionReply : null;
  const reply = (payReply ? null : actionReply) ?? data.draft ?? null;
  // A refused submission keeps its dialog open with the message, whatever the URL says.
  const dialog = payReply ? null : openFundRequest(reply?.intent ?? data.dialog, data.wallet.available);
  const payOnline = data.payOnline && (payReply || data.dialog === PAY_ONLINE) ? data.payOnline : null;
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink">Wallet</h1>
      {data.instructions ? <DepositInstructionsPanel instructions={data.instructions} closeHref={walletPath} /> : null}
      <WalletBalancePanel
        available={data.wallet.available}
        held={data.wallet.held}
        walletPath={walletPath}
        payOnline={Boolean(data.payOnline)}
      />
      <OnlinePaymentsPanel payments={data.payments ?? []} />
      <FundRequestsPanel requests={data.funds.requests} holds={data.funds.holds} />
      <WalletActivityList activity={data.wallet.activity} />
      {dialog ? (
        <FundRequestDialog
          key={dialog}
          kind={dialog}
          available={data.wallet.available}
          kycApproved={data.kycApproved}
          limits={data.limits?.[dialog]}
          closeHref={walletPath}
          reply={reply}
          payOnlineHref={data.payOnline && dialog === "add-funds" ? `${walletPath}?request=${PAY_ONLINE}` : undefined}
          withdrawTo={data.withdrawTo ?? null}
        />
      ) : null}
      {payOnline ? (
        <PayOnlineDialog payKey={payOnline.payKey} closeHref={walletPath} reply={payReply} limits={data.limits?.["add-funds"]} />
      ) : null}
    </div>
  );
}
