import { listOwnPayments } from "~/domain/payments/gateway-deposits.server";
import { currentBankAccount } from "~/domain/payouts/bank-accounts.server";
import { readInOneSnapshot, type PrismaClient } from "~/services/db.server";
import { getDepositInstructions, listFundRequests } from "./list-fund-requests.server";
import { getWalletSummary } from "./wallet-summary.server";

/**
 * What a wallet page shows from the database: the balance and its recent lines, the fund
 * requests and open holds, the instructions for the investor's own just-submitted deposit,
 * the recent online payments and the bank account withdrawals go to.
 *
 * All of it is one snapshot, so the page never shows half of a commit: a withdrawal paid out
 * between two reads read "Completed" with its bank reference and "Nothing is held" beside a
 * balance still holding its amount, and without the line that paid it.
 */
export async function readWalletPage(prisma: PrismaClient, userId: string, depositTicketId: string | null) {
  return readInOneSnapshot(prisma, async (tx) => {
    // In this order on the snapshot's one connection: the balance first (the snapshot's moment).
    const wallet = await getWalletSummary(tx, userId);
    const funds = await listFundRequests(tx, userId);
    const instructions = depositTicketId ? await getDepositInstructions(tx, userId, depositTicketId) : null;
    const payments = await listOwnPayments(tx, userId);
    const bankAccount = await currentBankAccount(tx, userId);
    return { wallet, funds, instructions, payments, bankAccount };
  });
}
