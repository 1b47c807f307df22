import { markAlertRead } from "~/domain/alerts/mark-alerts-read.server";
import { declareDistributionIn, payDistributionIn } from "~/domain/distributions/distributions.server";
import { istDate } from "~/domain/distributions/distribution-rules";
import { purchaseSharesIn } from "~/domain/investing/purchase-shares.server";
import { updateTicketIn } from "~/domain/support/update-ticket.server";
import { requestDepositIn, requestWithdrawalIn } from "~/domain/wallet/request-funds.server";
import { demoId, seedKey } from "./ids";
import { distributionPayments, walletDelta, type CashEvent, type DistributionEvent, type InvestmentEvent } from "./money-plan";
import { PERSONAS, userId } from "./personas";
import { finishFunding } from "./write-properties";
import type { SeedContext } from "./context";

/** An alert older than this was read by its investor. */
const ALERT_READ_AFTER_DAYS = 14;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Distributions are declared this many days before their record date. */
const DECLARED_DAYS_BEFORE_RECORD = 10;

/**
 * Moves every planned rupee, oldest first, through the functions investors and admins use:
 * a purchase through purchaseSharesIn (the database function `purchase_shares`), a deposit
 * or withdrawal as a fund request (requestDepositIn / requestWithdrawalIn) that the admin
 * resolves the same day (updateTicketIn: the deposit less its processing fee, the payout from
 * the withdrawal's hold), and rent as a distribution declared per share and paid to every
 * holder at its record date (declareDistributionIn / payDistributionIn). Each is dated on
 * its day and checked against the plan. An event an earlier run wrote is skipped. The
 * properties bought from then get their planned status, and alerts older than two weeks are
 * marked read, as their investors would have.
 */
export async function writeMoney(context: SeedContext): Promise<void> {
  const { tx, plan } = context;
  const written = await tx.transaction.findMany({
    where: { idempotencyKey: { startsWith: seedKey("") } },
    select: { idempotencyKey: true },
  });
  const done = new Set(written.map((row) => row.idempotencyKey));
  const bought = new Set<string>();
  for (const event of plan.events) {
    if (event.kind === "investment") {
      if (done.has(seedKey(event.key))) continue;
      await buy(context, event);
      bought.add(event.propertyId);
    } else if (event.kind === "distribution") {
      await distribute(context, event);
    } else {
      await moveCash(context, event);
    }
  }
  await finishFunding(context, bought);
  await readOldAlerts(context);
}

async function buy({ tx, plan, clock }: SeedContext, event: InvestmentEvent): Promise<void> {
  const receipt = await purchaseSharesIn(tx, {
    userId: userId(event.email),
    propertyId: event.propertyId,
    shares: event.shares,
    idempotencyKey: seedKey(event.key),
    at: clock.daysAgo(event.daysAgo),
  });
  // The plan orders its events so every debit fits the wallet, by its own price and fee.
  const planned = walletDelta(event, plan).negated();
  if (!planned.equals(receipt.totalDebited)) {
    throw new Error(`${event.key}: the purchase charged ${receipt.totalDebited}, the plan expected ${planned.toFixed(2)}`);
  }
}

/** The investor asks in the morning; the admin resolves it three hours later, quoting the bank's reference. */
async function moveCash({ tx, clock }: SeedContext, event: CashEvent): Promise<void> {
  const ticketId = demoId(`ticket:${event.key}`);
  if (await tx.supportTicket.findUnique({ where: { id: ticketId }, select: { id: true } })) return;
  const requestedAt = clock.daysAgo(event.daysAgo, 4);
  const input = { userId: userId(event.email), amount: event.amount, priority: "medium", opsRecipients: [] };
  const raise = event.kind === "deposit" ? requestDepositIn : requestWithdrawalIn;
  await raise(tx, input, requestedAt, ticketId);
  const resolvedAt = new Date(requestedAt.getTime() + 3 * HOUR_MS);
  const { outcome } = await updateTicketIn(
    tx,
    {
      adminId: userId(PERSONAS.admin.email),
      ticketId,
      status: "resolved",
      adminResponse: event.kind === "deposit" ? `Received by bank transfer, ${event.reference}.` : `Paid out by NEFT, ${event.reference}.`,
      receivedAmount: event.kind === "deposit" ? event.amount : undefined,
    },
    resolvedAt,
    true,
  );
  if (!outcome.journalId) throw new Error(`${event.key}: resolving the request moved no money`);
}

/** Declared ten days before its record date, paid on its day; each holder's payment is checked against the plan. */
async function distribute({ tx, plan, clock }: SeedContext, event: DistributionEvent): Promise<void> {
  const recordDate = istDate(clock.daysAgo(event.recordDaysAgo));
  const paidAt = clock.daysAgo(event.daysAgo);
  const existing = await tx.propertyDistribution.findFirst({
    where: { propertyId: event.propertyId, recordDate: new Date(`${recordDate}T00:00:00Z`) },
    select: { id: true },
  });
  if (existing) return;
  const { distributionId } = await declareDistributionIn(
    tx,
    {
      adminId: userId(PERSONAS.admin.email),
      propertyId: event.propertyId,
      basis: "per_share",
      amount: event.perShare,
      recordDate,
      paymentDate: istDate(paidAt),
      note: event.note,
    },
    clock.daysAgo(event.recordDaysAgo + DECLARED_DAYS_BEFORE_RECORD),
  );
  const outcome = await payDistributionIn(tx, distributionId, paidAt, true);
  if (!outcome) throw new Error(`${event.key}: the distribution was not paid`);
  // The plan says each holder's gross; the wallet got the net and the rest was withheld as TDS (ADR 0065).
  const paid = await tx.tdsWithholding.findMany({ where: { distributionId }, select: { userId: true, gross: true } });
  const got = new Map(paid.map((row) => [row.userId, row.gross.toFixed(2)]));
  const planned = [...distributionPayments(event, plan)].map(([email, amount]) => [userId(email), amount.toFixed(2)] as const);
  const mismatch = planned.filter(([id, amount]) => got.get(id) !== amount);
  if (mismatch.length > 0 || planned.length !== got.size) {
    throw new Error(`${event.key}: paid ${got.size} holders, the plan expected ${planned.length} (${mismatch.length} differ)`);
  }
}

/** The alerts the money above wrote: purchases, resolved fund requests and rent received. */
const MONEY_ALERTS = ["investment_success", "support_ticket", "distribution_paid"];

async function readOldAlerts({ tx, clock }: SeedContext): Promise<void> {
  const cutoff = new Date(clock.now.getTime() - ALERT_READ_AFTER_DAYS * DAY_MS);
  const unread = await tx.userAlert.findMany({
    where: { isRead: false, alertType: { in: MONEY_ALERTS }, createdAt: { lt: cutoff } },
    select: { id: true, userId: true },
  });
  for (const alert of unread) await markAlertRead(tx, alert.userId, alert.id);
}
