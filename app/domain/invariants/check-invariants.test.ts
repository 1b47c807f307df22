import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { createInvestor, createProperty } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { voidPendingJournal } from "~/domain/ledger/pending-journals.server";
import { createSellRequest } from "~/domain/market/sell-requests.server";
import { applyGatewayPaymentIn } from "~/domain/payments/gateway-deposits.server";
import { runTransaction } from "~/services/db.server";
import { requestWithdrawal } from "~/domain/wallet/request-funds.server";
import { checkInvariants, EXPIRY_GRACE_MS } from "./check-invariants.server";

// Each case builds sound books through the domain, breaks one rule behind its back with
// SQL (as a bug or a hand edit would), and the check must name the rule and the row.
const db = useTestDatabase();
const prisma = () => db.current.prisma;

type Books = { investorId: string; ticketId: string; holdJournalId: string; sellerId: string; propertyId: string; orderId: string };
let books: Books;

beforeEach(async () => {
  const investor = await createInvestor(prisma(), { balance: "50000" });
  const receipt = await requestWithdrawal(prisma(), { userId: investor.id, amount: "12000", opsRecipients: [] });
  const property = await createProperty(prisma(), { sharePrice: "100", minimumInvestment: "100", totalShares: 1_000 });
  await prisma().property.update({ where: { id: property.id }, data: { sharesSellable: true } });
  const seller = await createInvestor(prisma(), { balance: "10000" });
  await purchaseShares(prisma(), { userId: seller.id, propertyId: property.id, shares: 20, idempotencyKey: randomUUID() });
  const order = await createSellRequest(prisma(), {
    sellerId: seller.id,
    propertyId: property.id,
    shares: "8",
    pricePerShare: "110",
    idempotencyKey: randomUUID(),
  });
  books = {
    investorId: investor.id,
    ticketId: receipt.ticketId,
    holdJournalId: receipt.holdJournalId!,
    sellerId: seller.id,
    propertyId: property.id,
    orderId: order.orderId,
  };
});

// Each case's breakage stays in the database for the next, so a case reads the problems about its own rows.
async function problemsOfThisCase() {
  const ids = [books.investorId, books.ticketId, books.holdJournalId, books.sellerId];
  return (await checkInvariants(prisma())).filter((p) => ids.some((id) => p.subject.includes(id)));
}
/** Sets a journal's expiry behind the ledger's immutability trigger, as only a hand edit could. */
async function setExpiryByHand(journalId: string, expiresAt: Date) {
  await prisma().$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
    await tx.$executeRaw`UPDATE ledger_journals SET created_at = ${new Date(expiresAt.getTime() - 86_400_000)}, expires_at = ${expiresAt} WHERE id = ${journalId}::uuid`;
  });
}
const checksNamed = async () => (await problemsOfThisCase()).map((p) => `${p.check} ${p.subject}`);

describe("checkInvariants", () => {
  it("passes on books the domain wrote (the first case: nothing broken yet)", async () => {
    expect(await checkInvariants(prisma())).toEqual([]);
  });

  it("names a pending journal still open past its expiry (beyond the job's grace)", async () => {
    const past = new Date(Date.now() - EXPIRY_GRACE_MS - 60_000);
    await setExpiryByHand(books.holdJournalId, past);
    expect(await checksNamed()).toEqual([`pending-journal-past-expiry journal:${books.holdJournalId}`]);
  });

  it("leaves a hold just past its expiry to the job", async () => {
    const justNow = new Date(Date.now() - 1_000);
    await setExpiryByHand(books.holdJournalId, justNow);
    expect(await problemsOfThisCase()).toEqual([]);
  });

  it("names an open withdrawal that has no hold", async () => {
    await prisma().$executeRaw`UPDATE support_tickets SET hold_journal_id = NULL WHERE id = ${books.ticketId}::uuid`;
    const problems = await problemsOfThisCase();
    expect(problems).toEqual([
      { check: "withdrawal-without-live-hold", subject: `ticket:${books.ticketId}`, problem: "the open withdrawal has no hold" },
    ]);
  });

  it("names an open withdrawal whose hold was already voided", async () => {
    // The hold is voided by hand (its own balanced journal), the ticket left open.
    await prisma().$transaction((tx) => voidPendingJournal(tx, { pendingJournalId: books.holdJournalId, reason: "test" }));
    const problems = await problemsOfThisCase();
    expect(problems.map((p) => p.check)).toEqual(["withdrawal-without-live-hold"]);
    expect(problems[0]!.problem).toContain("already void");
  });

  it("names a held balance that differs from the open holds", async () => {
    await prisma().$executeRaw`
      UPDATE escrow_balances SET held_balance = held_balance + 1 WHERE user_id = (SELECT user_id FROM support_tickets WHERE id = ${books.ticketId}::uuid)`;
    const problems = await problemsOfThisCase();
    expect(problems.every((p) => p.check === "ledger")).toBe(true);
    expect(problems.map((p) => p.problem).join("\n")).toMatch(/held balance shows 12001.00 but open pending journals hold 12000.00/);
  });

  it("names an active sell order whose shares are not committed", async () => {
    await prisma().$executeRaw`
      UPDATE user_property_positions SET committed_shares = 0 WHERE user_id = ${books.sellerId}::uuid AND property_id = ${books.propertyId}`;
    const problems = await problemsOfThisCase();
    expect(problems).toEqual([
      {
        check: "sell-order-shares-not-committed",
        subject: `position:${books.sellerId}:${books.propertyId}`,
        problem: "0 shares committed but active sell orders list 8",
      },
    ]);
  });

  it("names a platform counter or a property's raised that differs from its rows (ADR 0078)", async () => {
    await prisma().$executeRaw`INSERT INTO platform_counters (metric, value) VALUES ('investors', 1)`;
    await prisma().$executeRaw`INSERT INTO property_raised (property_id, raised) VALUES (${books.propertyId}, 0.01)`;
    const found = (await checkInvariants(prisma())).filter((p) => p.check === "platform-counters");
    expect(found.map((p) => p.subject).sort()).toEqual(["counter:investors", `raised:${books.propertyId}`]);
    expect(found.find((p) => p.subject === "counter:investors")?.problem).toMatch(/^keeps \d+\.00 but the rows count \d+$/);
    await prisma().$executeRaw`INSERT INTO platform_counters (metric, value) VALUES ('investors', -1)`;
    await prisma().$executeRaw`INSERT INTO property_raised (property_id, raised) VALUES (${books.propertyId}, -0.01)`;
    expect((await checkInvariants(prisma())).filter((p) => p.check === "platform-counters")).toEqual([]);
  });
  it("names the gateway clearing account and a paid order whose credit does not match it (issue 27, item 6)", async () => {
    const investor = await createInvestor(prisma(), { balance: "0" });
    const paid = async (n: number) => {
      const order = await prisma().paymentOrder.create({
        data: { userId: investor.id, amount: "5000", provider: "razorpay", providerOrderId: `order_inv${n}`, idempotencyKey: randomUUID() },
      });
      const outcome = await runTransaction(prisma(), "test.credit", (tx) =>
        applyGatewayPaymentIn(tx, "razorpay", {
          id: `pay_inv${n}`,
          orderId: `order_inv${n}`,
          amount: 500_000,
          currency: "INR",
          status: "captured",
          method: "upi",
          errorDescription: null,
        }),
      );
      expect(outcome).toBe("credited");
      return order.id;
    };
    const first = await paid(1);
    const second = await paid(2);
    const gatewayProblems = async () => (await checkInvariants(prisma())).filter((p) => p.check === "gateway-clearing-off-the-books");
    expect(await gatewayProblems()).toEqual([]);

    // One order pointed at its fee journal instead of its credit (as a bug might); a settlement
    // recorded that no journal brought into clearing (its row names another journal).
    const fee = await prisma().ledgerJournal.findFirstOrThrow({ where: { idempotencyKey: "payment:razorpay:pay_inv1:fee" } });
    await prisma().$executeRaw`UPDATE payment_orders SET journal_id = ${fee.id}::uuid WHERE id = ${first}::uuid`;
    const credit = await prisma().paymentOrder.findUniqueOrThrow({ where: { id: second } });
    const settlement = await prisma().gatewaySettlement.create({
      data: {
        provider: "razorpay",
        providerSettlementId: "setl_inv1",
        amount: "9764.00",
        fees: "200.00",
        tax: "36.00",
        utr: "SETLINV1",
        settledAt: new Date(),
        journalId: credit.journalId!,
      },
    });
    const found = await gatewayProblems();
    expect(found.map((p) => [p.subject, p.problem]).sort()).toEqual(
      [
        ["account:platform:gateway-clearing", "holds -10000.00 but settled less credited comes to 0.00"],
        [`payment-order:${first}`, "was paid 5000.00 but its journal moved nothing out of gateway clearing"],
        [`gateway-settlement:${settlement.id}`, "settled 10000.00 gross but its journal moved -5000.00 into gateway clearing"],
      ].sort(),
    );
  });
});
