import { platformCash, platformFees, propertyIssue, userAvailable, type AccountRef } from "~/domain/ledger/accounts.server";
import type { SingleJournalKind } from "~/domain/ledger/journal-kinds.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { Decimal } from "~/lib/money";
import { demoId, seedKey } from "./ids";
import { feeOf, positionsOf, subtotalOf, type MoneyEvent, type MoneyPlan } from "./money-plan";
import { PERSONAS, userId } from "./personas";
import type { SeedContext } from "./context";

type Posting = { account: AccountRef; amount: Decimal.Value };

/**
 * Posts every planned money movement through the ledger (skipping journals an earlier run
 * already posted, found by idempotency key), then writes the user-facing rows that point
 * at those journals: transactions, investments and position snapshots.
 */
export async function writeMoney(context: SeedContext): Promise<void> {
  const { tx, plan } = context;
  const existing = await tx.ledgerJournal.findMany({
    where: { idempotencyKey: { startsWith: seedKey("") } },
    select: { id: true, idempotencyKey: true },
  });
  const journalIds = new Map(existing.map((row) => [row.idempotencyKey!, row.id]));

  for (const event of plan.events) {
    const key = seedKey(event.key);
    if (journalIds.has(key)) continue;
    const { journalId } = await postJournal(tx, {
      kind: journalKind(event),
      description: journalDescription(event, plan),
      postings: postingsFor(event, plan),
      idempotencyKey: key,
      createdBy: event.kind === "deposit" || event.kind === "withdrawal" ? userId(PERSONAS.admin.email) : userId(event.email),
      createdAt: context.clock.daysAgo(event.daysAgo),
    });
    journalIds.set(key, journalId);
  }

  await tx.transaction.createMany({
    skipDuplicates: true,
    data: plan.events.map((event) => transactionRow(event, context, journalIds.get(seedKey(event.key))!)),
  });
  await tx.investment.createMany({
    skipDuplicates: true,
    data: plan.events
      .filter((e) => e.kind === "investment")
      .map((event) => {
        const property = plan.propertyById.get(event.propertyId)!;
        const date = context.clock.daysAgo(event.daysAgo);
        return {
          id: demoId(`investment:${event.key}`),
          userId: userId(event.email),
          propertyId: event.propertyId,
          sharesOwned: event.shares,
          pricePerShare: property.sharePrice,
          totalInvestment: subtotalOf(property, event.shares).toFixed(2),
          investmentStatus: "confirmed" as const,
          investmentDate: date,
          transactionId: demoId(`transaction:${event.key}`),
          createdAt: date,
          updatedAt: date,
        };
      }),
  });
  await tx.userPropertyPosition.createMany({
    skipDuplicates: true,
    data: positionsOf(plan).map((position) => ({
      userId: userId(position.email),
      propertyId: position.propertyId,
      shares: position.shares,
      avgPrice: position.costBasis.dividedBy(position.shares).toDecimalPlaces(2).toFixed(2),
      costBasis: position.costBasis.toFixed(2),
      updatedAt: context.clock.now,
    })),
  });
}

/** The ledger's name for the movement; the user-visible history keeps the spec's ("dividend"). */
function journalKind(event: MoneyEvent): SingleJournalKind {
  return event.kind === "dividend" ? "distribution" : event.kind;
}

function postingsFor(event: MoneyEvent, plan: MoneyPlan): Posting[] {
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
    case "investment": {
      const subtotal = subtotalOf(plan.propertyById.get(event.propertyId)!, event.shares);
      const fee = feeOf(subtotal);
      return [
        { account: wallet, amount: subtotal.plus(fee).negated() },
        { account: propertyIssue(event.propertyId), amount: subtotal },
        { account: platformFees, amount: fee },
      ];
    }
  }
}

function journalDescription(event: MoneyEvent, plan: MoneyPlan): string {
  const title = "propertyId" in event ? plan.propertyById.get(event.propertyId)!.title : "";
  switch (event.kind) {
    case "deposit":
      return `Wallet top-up by bank transfer (${event.reference})`;
    case "withdrawal":
      return `Payout to registered bank account (${event.reference})`;
    case "dividend":
      return `${event.period}: ${title}`;
    case "investment":
      return sharesOf(event.shares, title);
  }
}

function transactionRow(event: MoneyEvent, { plan, clock }: SeedContext, journalId: string) {
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
    case "investment": {
      const property = plan.propertyById.get(event.propertyId)!;
      const subtotal = subtotalOf(property, event.shares);
      return {
        ...base,
        propertyId: property.id,
        amount: subtotal.toFixed(2),
        fee: feeOf(subtotal).toFixed(2),
        shares: event.shares,
        pricePerShare: property.sharePrice,
        description: sharesOf(event.shares, property.title),
      };
    }
  }
}

/** Worded as the investment page's purchase words it, so seeded and real rows read alike. */
function sharesOf(shares: number, title: string): string {
  return `${shares} ${shares === 1 ? "share" : "shares"} of ${title}`;
}
