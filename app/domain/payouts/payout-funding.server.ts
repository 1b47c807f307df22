import { recordAdminAction } from "~/domain/admin/record-admin-action.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { DomainError } from "~/domain/errors";
import { payoutClearing, platformCash } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { Decimal } from "~/lib/money";
import { parseRupees } from "~/lib/rupee-input";
import { isUniqueViolation, runTransaction, type Db, type PrismaClient } from "~/services/db.server";

/** The largest single transfer to the payout account (₹10 crore): a typo guard, far above a day's payouts. */
export const MAX_PAYOUT_FUNDING = "100000000";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// NEFT, RTGS and IMPS references are 12 to 22 letters and digits; allow a little either side.
const UTR = /^[A-Z0-9]{6,35}$/;

/**
 * Books a transfer from the escrow account to the payout provider's account (ADR 0073): platform
 * cash -> payout clearing, once per UTR (the row's unique key and the journal's idempotency key),
 * in one transaction with the audit entry. The provider's account may be funded ahead of payouts,
 * so the amount is not capped by what is owed.
 */
export async function recordPayoutFunding(
  prisma: PrismaClient,
  input: { adminId: string; amount: unknown; utr: unknown; fundedOn: unknown },
  now = new Date(),
) {
  const amount = parseRupees(input.amount, { message: "Enter the amount transferred in rupees.", max: MAX_PAYOUT_FUNDING });
  if (!amount.ok) throw new DomainError("invalid_amount", amount.message, 400, "amount");
  const utr = typeof input.utr === "string" ? input.utr.trim().toUpperCase() : "";
  if (!UTR.test(utr)) throw new DomainError("invalid_utr", "Enter the transfer's UTR: 6 to 35 letters and digits.", 400, "utr");
  const fundedOn = typeof input.fundedOn === "string" ? input.fundedOn.trim() : "";
  if (!DATE.test(fundedOn) || new Date(`${fundedOn}T00:00:00Z`).toISOString().slice(0, 10) !== fundedOn)
    throw new DomainError("invalid_date", "Enter the date of the transfer.", 400, "fundedOn");
  if (fundedOn > istDate(now)) throw new DomainError("future_date", "The date of the transfer cannot be in the future.", 400, "fundedOn");

  const value = amount.value.toFixed(2);
  try {
    return await runTransaction(prisma, "payouts.record-funding", async (tx) => {
      const { journalId } = await postJournal(tx, {
        kind: "payout_funding",
        description: `Payout account funded from escrow (UTR ${utr}, ${fundedOn})`,
        idempotencyKey: `payout-funding:${utr}`,
        createdBy: input.adminId,
        postings: [
          { account: payoutClearing, amount: new Decimal(value).negated().toFixed(2) },
          { account: platformCash, amount: value },
        ],
      });
      const funding = await tx.payoutFunding.create({
        data: { amount: value, utr, fundedOn: new Date(`${fundedOn}T00:00:00Z`), journalId, recordedBy: input.adminId },
        select: { id: true },
      });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "payouts.fund",
        targetType: "payout_funding",
        targetId: funding.id,
        after: { amount: value, utr, funded_on: fundedOn },
      });
      return { fundingId: funding.id, amount: value, utr };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("already_recorded", `The transfer ${utr} is already booked.`, 409, "utr");
    throw error;
  }
}

export type PayoutAccountPosition = {
  paidOut: string;
  returned: string;
  funded: string;
  /** Paid out less returned less funded: positive is still to be funded from escrow, negative is prefunded. */
  toFund: string;
  fundings: { id: string; amount: string; utr: string; fundedOn: string }[];
};

/** What the payout provider's account owes or holds, from the ledger's own figures (ADR 0073). */
export async function payoutAccountPosition(db: Db): Promise<PayoutAccountPosition> {
  const [totals, fundings] = await Promise.all([
    db.$queryRaw<{ paid_out: string; returned: string; funded: string; balance: string }[]>`
      SELECT COALESCE((SELECT SUM(amount) FROM payouts WHERE journal_id IS NOT NULL), 0)::text AS paid_out,
             COALESCE((SELECT SUM(amount) FROM payouts WHERE reversal_journal_id IS NOT NULL), 0)::text AS returned,
             COALESCE((SELECT SUM(amount) FROM payout_fundings), 0)::text AS funded,
             COALESCE((SELECT SUM(p.amount) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                        WHERE a.kind = 'payout_clearing'), 0)::text AS balance`,
    db.payoutFunding.findMany({
      orderBy: [{ fundedOn: "desc" }, { createdAt: "desc" }],
      take: 10,
      select: { id: true, amount: true, utr: true, fundedOn: true },
    }),
  ]);
  const row = totals[0]!;
  return {
    paidOut: new Decimal(row.paid_out).toFixed(2),
    returned: new Decimal(row.returned).toFixed(2),
    funded: new Decimal(row.funded).toFixed(2),
    toFund: new Decimal(row.balance).toFixed(2),
    fundings: fundings.map((f) => ({ id: f.id, amount: f.amount.toFixed(2), utr: f.utr, fundedOn: f.fundedOn.toISOString().slice(0, 10) })),
  };
}
