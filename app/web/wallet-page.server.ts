import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import { readFormData } from "~/web/form-data.server";
import { loadWallet, submitFundRequest } from "~/web/fund-requests.server";
import type { SessionUser } from "~/web/guards.server";
import { onlinePaymentOffer, startOnlinePayment } from "~/web/payments.server";

/** Both wallet pages' data: balance, requests, dialogs, and paying online when the gateway is on. */
export async function loadWalletPage(request: Request, user: SessionUser) {
  return { ...(await loadWallet(request, user)), payOnline: onlinePaymentOffer() };
}

/** Both wallet pages' forms: Pay Online through the gateway, else a fund request (Add Funds, Withdraw). */
export async function submitWalletForm(request: Request, user: SessionUser, walletPath: string) {
  const form = await readFormData(request);
  if (form.get("intent") === PAY_ONLINE) return startOnlinePayment(form, user);
  return submitFundRequest(request, user, walletPath, form);
}
