import { gatewayClearing, platformCash, platformFees } from "~/domain/ledger/accounts.server";
import { postJournal } from "~/domain/ledger/post-journal.server";
import { Decimal } from "~/lib/money";
import { runTransaction, type PrismaClient } from "~/services/db.server";
import type { GatewayPaymentRecord, GatewayPayoutRecord, GatewaySettlement, PaymentGateway } from "~/services/payments/gateway";

const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;
/** How far around the day the other side is looked up: a payment captured at 23:59 may be credited at 00:00. */
const SLACK_MS = 3_600_000;
const rupees = (paise: number) => new Decimal(paise).dividedBy(100);

export type Difference = {
  kind:
    | "captured_not_credited"
    | "credited_not_captured"
    | "amount_differs"
    | "quarantined"
    | "payout_status_differs"
    | "payout_unknown"
    | "payout_missing";
  reference: string;
  providerAmount: string | null;
  ledgerAmount: string | null;
  detail: string;
};

/** An India day (YYYY-MM-DD) as the instants it starts and ends. */
export function indiaDay(day: string): { from: Date; to: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new RangeError(`not a day: ${day}`);
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - IST_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** Yesterday in India, the day the nightly run reconciles. */
export function previousIndiaDay(now = new Date()): string {
  return new Date(now.getTime() + IST_MS - DAY_MS).toISOString().slice(0, 10);
}

/**
 * One India day reconciled (ADR 0064): the provider's settlements of the day are booked once
 * (clearing to escrow cash, the fee and its GST borne by the platform); then every payment
 * captured at the provider is matched with the order it credited, every payout with ours, and
 * whatever disagrees is listed. The run is stored (a re-run of the day replaces it), so the
 * admin page shows the last answer and each difference until it is gone.
 */
export async function reconcileDay(prisma: PrismaClient, gateway: PaymentGateway, day: string, ranBy: string | null = null) {
  const { from, to } = indiaDay(day);
  const wide = { from: new Date(from.getTime() - SLACK_MS), to: new Date(to.getTime() + SLACK_MS) };
  const [payments, payouts, settlements] = await Promise.all([
    gateway.listPayments(wide),
    gateway.listPayouts(wide),
    gateway.listSettlements({ from, to }),
  ]);
  let booked = 0;
  for (const settlement of settlements) if (await bookSettlement(prisma, gateway.name, settlement)) booked++;

  const inDay = (at: Date) => at >= from && at < to;
  const differences = [
    ...(await comparePayments(prisma, gateway.name, payments, { from, to }, inDay)),
    ...(await comparePayouts(prisma, gateway.name, payouts, { from, to }, inDay)),
  ];
  const totals = await dayTotals(prisma, gateway.name, { from, to });
  const captured = payments
    .filter((p) => p.status === "captured" && inDay(p.createdAt))
    .reduce((sum, p) => sum.plus(rupees(p.amount)), new Decimal(0));
  const paidOut = payouts
    .filter((p) => p.status === "processed" && inDay(p.createdAt))
    .reduce((sum, p) => sum.plus(rupees(p.amount)), new Decimal(0));
  const settled = settlements.reduce((sum, s) => sum.plus(rupees(s.amount)), new Decimal(0));

  return runTransaction(prisma, "payments.reconcile-day", async (tx) => {
    const data = {
      ranAt: new Date(),
      ranBy,
      providerCaptured: captured.toFixed(2),
      ledgerCredited: totals.credited,
      providerPaidOut: paidOut.toFixed(2),
      ledgerPaidOut: totals.paidOut,
      settled: settled.toFixed(2),
      settlementsBooked: booked,
      differences: differences.length,
    };
    const run = await tx.reconciliationRun.upsert({
      where: { provider_day: { provider: gateway.name, day: new Date(`${day}T00:00:00Z`) } },
      create: { provider: gateway.name, day: new Date(`${day}T00:00:00Z`), ...data },
      update: data,
    });
    await tx.reconciliationDifference.deleteMany({ where: { runId: run.id } });
    await tx.reconciliationDifference.createMany({ data: differences.map((difference) => ({ runId: run.id, ...difference })) });
    return { day, differences, booked, captured: data.providerCaptured, credited: data.ledgerCredited };
  });
}

/** A settlement booked once: its id is the journal's key and the row's unique key. */
async function bookSettlement(prisma: PrismaClient, provider: string, settlement: GatewaySettlement): Promise<boolean> {
  return runTransaction(prisma, "payments.book-settlement", async (tx) => {
    const known = await tx.gatewaySettlement.findUnique({
      where: { provider_providerSettlementId: { provider, providerSettlementId: settlement.id } },
      select: { id: true },
    });
    if (known) return false;
    const net = rupees(settlement.amount);
    const cost = rupees(settlement.fees + settlement.tax);
    const { journalId } = await postJournal(tx, {
      kind: "adjustment",
      description: `Gateway settlement ${settlement.id} to the escrow account (fee and GST ${cost.toFixed(2)})`,
      postings: [
        { account: gatewayClearing, amount: net.plus(cost).toFixed(2) },
        { account: platformCash, amount: net.negated().toFixed(2) },
        ...(cost.isZero() ? [] : [{ account: platformFees, amount: cost.negated().toFixed(2) }]),
      ],
      idempotencyKey: `settlement:${provider}:${settlement.id}`,
    });
    await tx.gatewaySettlement.create({
      data: {
        provider,
        providerSettlementId: settlement.id,
        amount: net.toFixed(2),
        fees: rupees(settlement.fees).toFixed(2),
        tax: rupees(settlement.tax).toFixed(2),
        utr: settlement.utr,
        settledAt: settlement.createdAt,
        journalId,
      },
    });
    return true;
  });
}

async function comparePayments(
  prisma: PrismaClient,
  provider: string,
  payments: GatewayPaymentRecord[],
  day: { from: Date; to: Date },
  inDay: (at: Date) => boolean,
): Promise<Difference[]> {
  const captured = payments.filter((p) => p.status === "captured");
  const ids = captured.map((p) => p.id);
  const [orders, exceptions, creditedToday, authorisations] = await Promise.all([
    prisma.paymentOrder.findMany({
      where: { provider, providerPaymentId: { in: ids } },
      select: { providerPaymentId: true, status: true, paidAmount: true },
    }),
    prisma.paymentException.findMany({ where: { providerPaymentId: { in: ids } }, select: { providerPaymentId: true, resolution: true } }),
    prisma.paymentOrder.findMany({
      where: { provider, status: "paid", creditedAt: { gte: day.from, lt: day.to } },
      select: { providerPaymentId: true, paidAmount: true },
    }),
    // A monthly plan's UPI AutoPay authorisation (₹1, refunded; ADR 0077) is no wallet money.
    prisma.planMandate.findMany({ where: { provider, authPaymentId: { in: ids } }, select: { authPaymentId: true } }),
  ]);
  const mandateAuthorisation = new Set(authorisations.map((mandate) => mandate.authPaymentId));
  const orderOf = new Map(orders.map((order) => [order.providerPaymentId, order]));
  const exceptionOf = new Map(exceptions.map((exception) => [exception.providerPaymentId, exception]));
  const differences: Difference[] = [];
  for (const payment of captured.filter((p) => inDay(p.createdAt) && !mandateAuthorisation.has(p.id))) {
    const amount = rupees(payment.amount).toFixed(2);
    const exception = exceptionOf.get(payment.id);
    if (exception) {
      if (!exception.resolution || exception.resolution === "refund_requested")
        differences.push({
          kind: "quarantined",
          reference: payment.id,
          providerAmount: amount,
          ledgerAmount: null,
          detail: "Captured, waiting for an admin's decision (Payments)",
        });
      continue;
    }
    const order = orderOf.get(payment.id);
    if (!order || order.status !== "paid")
      differences.push({
        kind: "captured_not_credited",
        reference: payment.id,
        providerAmount: amount,
        ledgerAmount: null,
        detail: "Captured at the gateway but no wallet was credited: replay its webhook",
      });
    else if (order.paidAmount?.toFixed(2) !== amount)
      differences.push({
        kind: "amount_differs",
        reference: payment.id,
        providerAmount: amount,
        ledgerAmount: order.paidAmount?.toFixed(2) ?? null,
        detail: "Credited another amount than captured",
      });
  }
  const capturedIds = new Set(ids);
  for (const order of creditedToday) {
    if (order.providerPaymentId && !capturedIds.has(order.providerPaymentId))
      differences.push({
        kind: "credited_not_captured",
        reference: order.providerPaymentId,
        providerAmount: null,
        ledgerAmount: order.paidAmount?.toFixed(2) ?? null,
        detail: "Credited here, but the gateway lists no such captured payment",
      });
  }
  return differences;
}

async function comparePayouts(
  prisma: PrismaClient,
  provider: string,
  payouts: GatewayPayoutRecord[],
  day: { from: Date; to: Date },
  inDay: (at: Date) => boolean,
): Promise<Difference[]> {
  const ours = await prisma.payout.findMany({
    where: {
      provider,
      OR: [{ providerPayoutId: { in: payouts.map((p) => p.id) } }, { createdAt: { gte: day.from, lt: day.to } }],
    },
    select: { id: true, providerPayoutId: true, status: true, amount: true },
  });
  const byProviderId = new Map(ours.filter((p) => p.providerPayoutId).map((p) => [p.providerPayoutId!, p]));
  const differences: Difference[] = [];
  for (const payout of payouts.filter((p) => inDay(p.createdAt))) {
    const amount = rupees(payout.amount).toFixed(2);
    const mine = byProviderId.get(payout.id);
    if (!mine) {
      differences.push({
        kind: "payout_unknown",
        reference: payout.id,
        providerAmount: amount,
        ledgerAmount: null,
        detail: "Paid out by the provider, but no withdrawal here asked for it",
      });
      continue;
    }
    const theirs = ["processed", "reversed", "failed"].includes(payout.status)
      ? payout.status
      : payout.status === "rejected" || payout.status === "cancelled"
        ? "failed"
        : "processing";
    if (theirs !== mine.status || mine.amount.toFixed(2) !== amount)
      differences.push({
        kind: "payout_status_differs",
        reference: payout.id,
        providerAmount: amount,
        ledgerAmount: mine.amount.toFixed(2),
        detail: `The provider says ${payout.status}, the ledger says ${mine.status}: a bank answer may be missing (replay its webhook)`,
      });
  }
  const listed = new Set(payouts.map((p) => p.id));
  for (const mine of ours) {
    if (mine.providerPayoutId && !listed.has(mine.providerPayoutId) && mine.status !== "queued")
      differences.push({
        kind: "payout_missing",
        reference: mine.providerPayoutId,
        providerAmount: null,
        ledgerAmount: mine.amount.toFixed(2),
        detail: "Sent here, but the provider lists no such payout",
      });
  }
  return differences;
}

/** What the ledger says for the day: gateway deposits credited, and payouts posted less those returned. */
async function dayTotals(prisma: PrismaClient, provider: string, day: { from: Date; to: Date }) {
  const [row] = await prisma.$queryRaw<{ credited: string; paid_out: string }[]>`
    SELECT COALESCE((SELECT SUM(paid_amount) FROM payment_orders
                      WHERE provider = ${provider} AND status = 'paid' AND credited_at >= ${day.from} AND credited_at < ${day.to}), 0)::text AS credited,
           COALESCE((SELECT SUM(amount) FROM payouts
                      WHERE provider = ${provider} AND journal_id IS NOT NULL AND processed_at >= ${day.from} AND processed_at < ${day.to}), 0)::text AS paid_out`;
  return { credited: new Decimal(row!.credited).toFixed(2), paidOut: new Decimal(row!.paid_out).toFixed(2) };
}

/** The latest runs and their differences, for the admin's Payments page. */
export async function listReconciliations(prisma: PrismaClient, take = 7) {
  const runs = await prisma.reconciliationRun.findMany({
    orderBy: { day: "desc" },
    take,
    include: { findings: { orderBy: { kind: "asc" } } },
  });
  return runs.map((run) => ({
    id: run.id,
    day: run.day.toISOString().slice(0, 10),
    ranAt: run.ranAt.toISOString(),
    providerCaptured: run.providerCaptured.toFixed(2),
    ledgerCredited: run.ledgerCredited.toFixed(2),
    providerPaidOut: run.providerPaidOut.toFixed(2),
    ledgerPaidOut: run.ledgerPaidOut.toFixed(2),
    settled: run.settled.toFixed(2),
    settlementsBooked: run.settlementsBooked,
    differences: run.findings.map((finding) => ({
      kind: finding.kind,
      reference: finding.reference,
      providerAmount: finding.providerAmount?.toFixed(2) ?? null,
      ledgerAmount: finding.ledgerAmount?.toFixed(2) ?? null,
      detail: finding.detail,
    })),
  }));
}
