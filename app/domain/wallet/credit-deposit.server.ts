import { platformFees, userAvailable, type AccountRef } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { DEPOSIT_PROCESSING_FEE, depositCredit } from "~/domain/wallet/fund-request-rules";
import type { Decimal } from "~/lib/money";
import type { Tx } from "~/services/db.server";

export type DepositCredit = {
  userId: string;
  /** What arrived, before the processing fee. */
  received: Decimal;
  /** Where it came from: platform cash (a transfer an admin confirmed) or the gateway's clearing account. */
  from: AccountRef;
  /** How the investor's statement names it: "request 1A2B3C" or "UPI payment pay_…". */
  source: string;
  /** Prefix of both journals' idempotency keys ("ticket:<id>", "payment:<id>"): each is written once. */
  keyPrefix: string;
  /** The transactions' reference (the ticket or the payment order). */
  referenceId: string;
  createdBy?: string;
  at?: Date;
};

/**
 * The one way a deposit reaches a wallet (ADR 0046, 0061): the amount received is credited
 * from its source in one journal, then the deposit processing fee is charged as its own
 * journal, with a transaction row each. Answers what the wallet gained net of the fee.
 */
export async function creditDeposit(tx: Tx, deposit: DepositCredit) {
  const { journalId } = await postJournal(tx, {
    kind: "deposit",
    description: `Funds added (${deposit.source})`,
    postings: [
      { account: userAvailable(deposit.userId), amount: deposit.received.toFixed(2) },
      { account: deposit.from, amount: deposit.received.negated().toFixed(2) },
    ],
    idempotencyKey: `${deposit.keyPrefix}:deposit`,
    createdBy: deposit.createdBy,
    createdAt: deposit.at,
  });
  const { journalId: feeJournalId } = await postJournal(tx, {
    kind: "fee",
    description: `Deposit processing fee (${deposit.source})`,
    postings: [
      { account: userAvailable(deposit.userId), amount: DEPOSIT_PROCESSING_FEE.negated().toFixed(2) },
      { account: platformFees, amount: DEPOSIT_PROCESSING_FEE.toFixed(2) },
    ],
    idempotencyKey: `${deposit.keyPrefix}:fee`,
    createdBy: deposit.createdBy,
    createdAt: deposit.at,
  });
  await tx.transaction.createMany({
    data: [
      {
        userId: deposit.userId,
        transactionType: "deposit",
        status: "completed",
        amount: deposit.received.toFixed(2),
        description: `Funds added (${deposit.source})`,
        referenceId: deposit.referenceId,
        journalId,
        createdAt: deposit.at,
      },
      {
        userId: deposit.userId,
        transactionType: "fee",
        status: "completed",
        // A fee row's amount is the charge; its fee column stays 0 so nothing counts it twice (ADR 0046).
        amount: DEPOSIT_PROCESSING_FEE.toFixed(2),
        description: `Deposit processing fee (${deposit.source})`,
        referenceId: deposit.referenceId,
        journalId: feeJournalId,
        createdAt: deposit.at,
      },
    ],
  });
  return {
    journalId,
    feeJournalId,
    credited: depositCredit(deposit.received).toFixed(2),
    received: deposit.received.toFixed(2),
  };
}
