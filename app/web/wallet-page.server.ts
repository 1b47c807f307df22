import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import { readFormData } from "~/web/form-data.server";
import { loadWallet, submitFundRequest } from "~/web/fund-requests.server";
import type { SessionUser } from "~/web/guards.server";
import { onlinePaymentOffer, startOnlinePayment } from "~/web/payments.server";
import { payoutGateway } from "~/services/payments/gateway-config.server";

/** Both wallet pages' data: balance, requests, dialogs, and paying online when the gateway is on. */
export async function loadWalletPage(request: Request, user: SessionUser) {
  const { bankAccount: account, ...wallet } = await loadWallet(request, user);
  // Where a withdrawal goes and how (ADR 0064): paid out at once to a verified account, else by hand.
  const withdrawTo = account
    ? { bankName: account.bankName, maskedNumber: account.maskedNumber, automatic: account.verified && payoutGateway() !== null }
    : null;
  return { ...wallet, payOnline: onlinePaymentOffer(), withdrawTo };
}

/** Both wallet pages' forms: Pay Online through the gateway, else a fund request (Add Funds, Withdraw). */
export async function submitWalletForm(request: Request, user: SessionUser, walletPath: string) {
  const form = await readFormData(request);
  if (form.get("intent") === PAY_ONLINE) return startOnlinePayment(form, user);
  return submitFundRequest(request, user, walletPath, form);
}
