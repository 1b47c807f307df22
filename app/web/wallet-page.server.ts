import { PAY_ONLINE } from "~/domain/payments/pay-online-form";
import { listOwnPayments } from "~/domain/payments/gateway-deposits.server";
import { getPrisma } from "~/services/db.server";
import { readFormData } from "~/web/form-data.server";
import { loadWallet, submitFundRequest } from "~/web/fund-requests.server";
import type { SessionUser } from "~/web/guards.server";
import { onlinePaymentOffer, startOnlinePayment } from "~/web/payments.server";
import { currentBankAccount } from "~/domain/payouts/bank-accounts.server";
import { payoutGateway } from "~/services/payments/gateway-config.server";

/** Both wallet pages' data: balance, requests, dialogs, and paying online when the gateway is on. */
export async function loadWalletPage(request: Request, user: SessionUser) {
  const [wallet, payments, account] = await Promise.all([
    loadWallet(request, user),
    listOwnPayments(getPrisma(), user.id),
    currentBankAccount(getPrisma(), user.id),
  ]);
  // Where a withdrawal goes and how (ADR 0064): paid out at once to a verified account, else by hand.
  const withdrawTo = account
    ? { bankName: account.bankName, maskedNumber: account.maskedNumber, automatic: account.verified && payoutGateway() !== null }
    : null;
  return { ...wallet, payOnline: onlinePaymentOffer(), payments, withdrawTo };
}

/** Both wallet pages' forms: Pay Online through the gateway, else a fund request (Add Funds, Withdraw). */
export async function submitWalletForm(request: Request, user: SessionUser, walletPath: string) {
  const form = await readFormData(request);
  if (form.get("intent") === PAY_ONLINE) return startOnlinePayment(form, user);
  return submitFundRequest(request, user, walletPath, form);
}
