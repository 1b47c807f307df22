import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { applyGatewayPaymentIn, startGatewayDeposit } from "../../app/domain/payments/gateway-deposits.server";
import { reconcileDay } from "../../app/domain/payments/reconciliation.server";
import { registerBankAccount } from "../../app/domain/payouts/bank-accounts.server";
import { sendPayout } from "../../app/domain/payouts/payouts.server";
import { updateTicket } from "../../app/domain/support/update-ticket.server";
import { requestWithdrawal } from "../../app/domain/wallet/request-funds.server";
import { runTransaction } from "../../app/services/db.server";
import { razorpayGateway } from "../../app/services/payments/razorpay.server";
import { createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { startStandInServer } from "./support/stand-in-server";

/**
 * The nightly reconciliation (ADR 0064) against the Razorpay stand-in's own records over HTTP:
 * a payment credited matches; one captured but never credited, one quarantined and a payout
 * whose bank answer never arrived are each listed; the day's settlement is booked to escrow
 * once however often the day is reconciled, and leaves in the gateway clearing account exactly
 * what was captured and not credited.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const keys = { keyId: "rzp_test_recon", keySecret: "recon-key-secret", webhookSecret: "recon-webhook-secret" };
let standIn: Awaited<ReturnType<typeof startStandInServer>>;
let standInUrl: string;

beforeAll(async () => {
  // No webhook address: every bank answer is "lost", as when the app was down.
  standIn = await startStandInServer({ ...keys, payoutMs: 200, settleAtOnce: true });
  standInUrl = standIn.url;
});

afterAll(() => {
  standIn?.close();
});

const gateway = () => razorpayGateway({ baseUrl: standInUrl, ...keys, payoutAccountNumber: "7878780080316316", standIn: true });
const today = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);

async function pay(amount: string, options: { paid?: number; credit: boolean }) {
  const investor = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor" });
  const order = await startGatewayDeposit(prisma(), gateway(), { userId: investor.id, amount, idempotencyKey: newIdempotencyKey() });
  const response = await fetch(`${standInUrl}/_stand-in/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ order_id: order.providerOrderId, amount: options.paid }),
  });
  const { payment_id: paymentId } = (await response.json()) as { payment_id: string };
  if (options.credit) {
    const payment = await gateway().fetchPayment(paymentId);
    await runTransaction(prisma(), "test.credit", (tx) => applyGatewayPaymentIn(tx, "razorpay", payment));
  }
  return { investor, paymentId };
}

async function clearingBalance() {
  const [row] = await prisma().$queryRaw<{ total: string }[]>`
    SELECT COALESCE(SUM(p.amount), 0)::text AS total FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.kind = 'gateway_clearing'`;
  return row!.total;
}

describe("reconciling a day with the payment provider", () => {
  it("lists what disagrees, books the settlement once, and leaves in clearing exactly what was not credited", async () => {
    const credited = await pay("5000", { credit: true });
    const lost = await pay("3000", { credit: false });
    const quarantined = await pay("4000", { paid: 350_000, credit: true });

    const withdrawer = await createUser(prisma(), {
      kycStatus: "approved",
      subscriptionActive: true,
      tier: "small_investor",
      balance: "9000",
    });
    const admin = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    await registerBankAccount(prisma(), gateway(), {
      userId: withdrawer.id,
      accountNumber: "401004561234",
      ifsc: "HDFC0001234",
      bankName: "HDFC Bank",
      accountType: "savings",
    });
    const { ticketId } = await requestWithdrawal(prisma(), { userId: withdrawer.id, amount: "2000", opsRecipients: [] });
    await updateTicket(prisma(), { adminId: admin.id, ticketId, status: "resolved", payoutProvider: "razorpay" });
    const payout = await prisma().payout.findUniqueOrThrow({ where: { ticketId } });
    await sendPayout(prisma(), gateway(), payout.id);
    const sent = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
    // The bank pays it; its webhook never reaches us.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const first = await reconcileDay(prisma(), gateway(), today(), admin.id);
    expect(first.booked).toBe(1);
    expect(first.captured).toBe("11500.00");
    expect(first.credited).toBe("5000.00");
    expect(first.differences.map((d) => [d.kind, d.reference, d.providerAmount, d.ledgerAmount]).sort()).toEqual(
      [
        ["captured_not_credited", lost.paymentId, "3000.00", null],
        ["payout_status_differs", sent.providerPayoutId, "2000.00", "2000.00"],
        ["quarantined", quarantined.paymentId, "3500.00", null],
      ].sort(),
    );
    expect(first.differences.find((d) => d.reference === credited.paymentId)).toBeUndefined();

    // Settled: 11,500 captured; the clearing account keeps what no wallet got (3,000 + 3,500).
    expect(await clearingBalance()).toBe("6500.00");
    const settlement = await prisma().gatewaySettlement.findFirstOrThrow();
    expect(settlement.amount.plus(settlement.fees).plus(settlement.tax).toFixed(2)).toBe("11500.00");

    // The same day again: nothing booked twice, the same findings replace the last.
    const second = await reconcileDay(prisma(), gateway(), today(), admin.id);
    expect(second.booked).toBe(0);
    expect(await prisma().gatewaySettlement.count()).toBe(1);
    expect(await clearingBalance()).toBe("6500.00");
    expect(await prisma().reconciliationRun.count()).toBe(1);
    expect(await prisma().reconciliationDifference.count()).toBe(3);
    expect(await checkInvariants(prisma())).toEqual([]);
  }, 60_000);
});
