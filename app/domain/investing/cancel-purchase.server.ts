import { createUserAlert } from "~/domain/alerts/create-user-alert.server";
import { DomainError } from "~/domain/errors";
import { platformFees, propertyIssue, userAvailable } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { recalculateTier } from "~/domain/tiers/recalculate-tier.server";
import { ADMIN_CHANNEL, alertsChannel, marketChannel } from "~/lib/live-channels";
import { Decimal, formatINR } from "~/lib/money";
import { isUuid } from "~/lib/uuid";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import { publishAll } from "~/services/realtime/publish.server";
import { coolingOff } from "./cooling-off";

export class CancelPurchaseError extends DomainError {}

type Locked = {
  investment_id: string;
  transaction_id: string;
  property_id: string;
  title: string;
  property_status: string;
  shares: number;
  amount: string;
  fee: string;
  status: string;
  journal_id: string;
  made_at: Date;
};

/**
 * The investor cancels a primary purchase in the cooling-off window (ADR 0068): within 48 hours
 * and while the raise is open, the shares go back to the raise and the price and fee back to
 * the wallet, in one reversal journal that names the purchase's; the purchase and its
 * transaction read as cancelled everywhere. The investment, then the property, are locked, and
 * the reversal's key is the investment's, so two tabs or two clicks cancel once.
 */
export async function cancelPurchase(
  prisma: PrismaClient,
  input: { userId: string; transactionId: string },
  now: () => Date = () => new Date(),
): Promise<{ refunded: string; shares: number; title: string }> {
  if (!isUuid(input.transactionId)) throw notFound();
  const done = await runTransaction(prisma, "investing.cancel-purchase", async (tx) => {
    const [row] = await tx.$queryRaw<Locked[]>`
      SELECT i.id::text AS investment_id, t.id::text AS transaction_id, t.property_id, p.title, p.property_status::text AS property_status,
             i.shares_owned AS shares, t.amount::text AS amount, t.fee::text AS fee, t.status::text AS status,
             t.journal_id::text AS journal_id, i.investment_date AS made_at
        FROM transactions t
        JOIN investments i ON i.transaction_id = t.id
        JOIN properties p ON p.id = t.property_id
       WHERE t.id = ${input.transactionId}::uuid AND t.user_id = ${input.userId}::uuid AND t.transaction_type = 'investment'
         FOR UPDATE OF i, p`;
    if (!row) throw notFound();
    const rule = coolingOff({
      type: "investment",
      status: row.status,
      madeAt: row.made_at,
      propertyStatus: row.property_status,
      now: now(),
    });
    if (rule.state !== "open") throw new CancelPurchaseError(`cooling_off_${rule.state}`, rule.reason, 409);

    const [position] = await tx.$queryRaw<{ shares: number; committed_shares: number }[]>`
      SELECT shares, committed_shares FROM user_property_positions
       WHERE user_id = ${input.userId}::uuid AND property_id = ${row.property_id} FOR UPDATE`;
    if (!position || position.shares - position.committed_shares < row.shares)
      throw new CancelPurchaseError("shares_committed", "Some of these shares are listed for sale. Withdraw the listing first.", 409);

    const price = new Decimal(row.amount);
    const fee = new Decimal(row.fee);
    const refunded = price.plus(fee);
    const { journalId } = await postJournal(tx, {
      kind: "reversal",
      description: `Purchase cancelled in the cooling-off window: ${row.shares} shares of ${row.title}`,
      postings: [
        { account: userAvailable(input.userId), amount: refunded.toFixed(2) },
        { account: propertyIssue(row.property_id), amount: price.negated().toFixed(2) },
        ...(fee.isZero() ? [] : [{ account: platformFees, amount: fee.negated().toFixed(2) }]),
      ],
      reversesJournalId: row.journal_id,
      idempotencyKey: `cooling-off:${row.investment_id}`,
      createdBy: input.userId,
    });
    await tx.$executeRaw`
      UPDATE investments SET investment_status = 'cancelled', cancelled_at = now(), cancellation_journal_id = ${journalId}::uuid, updated_at = now()
       WHERE id = ${row.investment_id}::uuid`;
    await tx.$executeRaw`UPDATE transactions SET status = 'cancelled' WHERE id = ${row.transaction_id}::uuid`;
    await tx.$executeRaw`
      UPDATE user_property_positions
         SET shares = shares - ${row.shares},
             cost_basis = GREATEST(cost_basis - ${price.toFixed(2)}::numeric, 0),
             avg_price = CASE WHEN shares = ${row.shares} THEN 0
                              ELSE round(GREATEST(cost_basis - ${price.toFixed(2)}::numeric, 0) / (shares - ${row.shares}), 2) END,
             updated_at = now()
       WHERE user_id = ${input.userId}::uuid AND property_id = ${row.property_id}`;
    await tx.$executeRaw`
      UPDATE properties
         SET available_shares = available_shares + ${row.shares}, funded_amount = funded_amount - ${price.toFixed(2)}::numeric, updated_at = now()
       WHERE id = ${row.property_id}`;
    await recalculateTier(tx, input.userId);
    const message = `Your purchase of ${row.shares} shares of ${row.title} was cancelled in the cooling-off window: ${formatINR(refunded, { paise: true })} (price and fee) is back in your wallet.`;
    const alert = await createUserAlert(tx, {
      userId: input.userId,
      alertType: "investment_success",
      title: "Purchase Cancelled",
      message,
      propertyId: row.property_id,
    });
    await publishAll(
      [
        { channel: alertsChannel(input.userId), type: "alert", id: alert?.id ?? null },
        { channel: marketChannel(row.property_id), type: "property", id: row.property_id },
        { channel: ADMIN_CHANNEL, type: "investment", id: row.investment_id },
      ],
      tx,
    );
    return { refunded: refunded.toFixed(2), shares: row.shares, title: row.title };
  });
  return done;
}

const notFound = () => new CancelPurchaseError("not_found", "Purchase not found", 404);
