import { markAlertRead } from "~/domain/alerts/mark-alerts-read.server";
import { purchaseSharesIn } from "~/domain/investing/purchase-shares.server";
import { platformCash, userAvailable, type AccountRef } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { Decimal } from "~/lib/money";
import { demoId, seedKey } from "./ids";
import { walletDelta, type CashEvent, type DividendEvent, type InvestmentEvent, type MoneyPlan } from "./money-plan";
import { PERSONAS, userId } from "./personas";
import { finishFunding } from "./write-properties";
import type { SeedContext } from "./context";

type Posting = { account: AccountRef; amount: Decimal.Value };

/** A purchase's "Investment Successful" alert older than this was read by its investor. */
const ALERT_READ_AFTER_DAYS = 14;

/**
 * Moves every planned rupee, oldest first. Each purchase goes through the investors' own
 * purchaseSharesIn (the database function `purchase_shares`, back-dated to the plan's day),
 * which checks the buyer's standing, the property's terms, the wallet and the shares left, and
 * writes the journal, the transaction, the investment, the position, the tier, the property's
 * funding and the alert. Deposits, dividends and withdrawals are still posted here through
 * postJournal, each with its transaction row. An event whose transaction an earlier run wrote
 * (same idempotency key) is skipped. The properties bought from then get their planned status.
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
    if (done.has(seedKey(event.key))) continue;
    if (event.kind === "investment") {
      await buy(context, event);
      bought.add(event.propertyId);
    } else {
      await postCash(context, event);
    }
  }
  await finishFunding(context, bought);
}

async function buy({ tx, plan, clock }: SeedContext, event: InvestmentEvent): Promise<void> {
  const buyerId = userId(event.email);
  const receipt = await purchaseSharesIn(tx, {
    userId: buyerId,
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
  if (event.daysAgo > ALERT_READ_AFTER_DAYS) await markAlertRead(tx, buyerId, receipt.alertId);
}

async function postCash(context: SeedContext, event: CashEvent | DividendEvent): Promise<void> {
  const { tx, plan, clock } = context;
  const key = seedKey(event.key);
  const { journalId } = await postJournal(tx, {
    kind: event.kind === "dividend" ? "distribution" : event.kind,
    description: journalDescription(event, plan),
    postings: postingsFor(event),
    idempotencyKey: key,
    createdBy: event.kind === "dividend" ? userId(event.email) : userId(PERSONAS.admin.email),
    createdAt: clock.daysAgo(event.daysAgo),
  });
  await tx.transaction.create({ data: transactionRow(event, context, journalId) });
}

function postingsFor(event: CashEvent | DividendEvent): Posting[] {
  const wallet = userAvailable(userId(event.email));
  switch (event.kind) {
    case "deposit":
    case "dividend":
      return [
        { account: wallet, amount: event.amount },
        { account: platformCash, amount: new Decimal(event.amount).negated() },
      ];
    case "withdrawal":
      return [
        { account: wallet, amount: new Decimal(event.amount).negated() },
        { account: platformCash, amount: event.amount },
      ];
  }
}

function journalDescription(event: CashEvent | DividendEvent, plan: MoneyPlan): string {
  const title = "propertyId" in event ? plan.propertyById.get(event.propertyId)!.title : "";
  switch (event.kind) {
    case "deposit":
      return `Wallet top-up by bank transfer (${event.reference})`;
    case "withdrawal":
      return `Payout to registered bank account (${event.reference})`;
    case "dividend":
      return `${event.period}: ${title}`;
  }
}

function transactionRow(event: CashEvent | DividendEvent, { plan, clock }: SeedContext, journalId: string) {
  const base = {
    id: demoId(`transaction:${event.key}`),
    userId: userId(event.email),
    transactionType: event.kind,
    status: "completed" as const,
    idempotencyKey: seedKey(event.key),
    journalId,
    createdAt: clock.daysAgo(event.daysAgo),
  };
  switch (event.kind) {
    case "deposit":
      return { ...base, amount: event.amount, description: "Funds added to wallet", referenceId: event.reference };
    case "withdrawal":
      return { ...base, amount: event.amount, description: "Withdrawal to bank account", referenceId: event.reference };
    case "dividend": {
      const property = plan.propertyById.get(event.propertyId)!;
      return { ...base, propertyId: property.id, amount: event.amount, description: `${event.period} from ${property.title}` };
    }
  }
}
