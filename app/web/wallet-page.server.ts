import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import { listOwnPayments } from "~/domain/payments/gateway-deposits.server";
import { getPrisma } from "~/services/db.server";
import { readFormData } from "~/web/form-data.server";
import { loadWallet, submitFundRequest } from "~/web/fund-requests.server";
import type { SessionUser } from "~/web/guards.server";
import { onlinePaymentOffer, startOnlinePayment } from "~/web/payments.server";

/** Both wallet pages' data: balance, requests, dialogs, and paying online when the gateway is on. */
export async function loadWalletPage(request: Request, user: SessionUser) {
  const [wallet, payments] = await Promise.all([loadWallet(request, user), listOwnPayments(getPrisma(), user.id)]);
  return { ...wallet, payOnline: onlinePaymentOffer(), payments };
}

/** Both wallet pages' forms: Pay Online through the gateway, else a fund request (Add Funds, Withdraw). */
export async function submitWalletForm(request: Request, user: SessionUser, walletPath: string) {
  const form = await readFormData(request);
  if (form.get("intent") === PAY_ONLINE) return startOnlinePayment(form, user);
  return submitFundRequest(request, user, walletPath, form);
}
