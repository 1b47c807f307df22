import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { approveMoneyMovement } from "../../app/domain/approvals/four-eyes.server";
import { getHolderExitView } from "../../app/domain/exits/exit-reads.server";
import { agreeExit, completeExit, proposeExit, requestExitCompletion } from "../../app/domain/exits/exits.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { confirmHold, createBuyerHold } from "../../app/domain/market/buyer-holds.server";
import { createSellRequest } from "../../app/domain/market/sell-requests.server";
import { placeBuyOrder } from "../../app/domain/market/buy-orders.server";
import { loadStatement } from "../../app/domain/statements/statement.server";
import { financialYearOfMoment } from "../../app/domain/statements/statement-figures";
import { Decimal } from "../../app/lib/money";
import type { PrismaClient } from "../../app/services/db.server";
import { createInvestor, createProperty, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findDownloadableDocument } from "../../app/domain/admin/properties/property-documents.server";
import { listVault } from "../../app/domain/vault/list-vault.server";
import { localPrivateStorage } from "../../app/services/storage/local-private-storage.server";

/**
 * The exit (ADR 0071): an agreed sale stops trading exactly once, a completed one pays exactly
 * the net proceeds in one journal, and neither can happen twice.
 */

const db = useTestDatabase();

async function admins(prisma: PrismaClient) {
  return {
    first: await createUser(prisma, { isAdmin: true, kycStatus: "approved" }),
    second: await createUser(prisma, { isAdmin: true, kycStatus: "approved" }),
  };
}

/** Proposed by one admin, agreed by another: the real four-eyes path. */
async function proposeAndAgree(prisma: PrismaClient, propertyId: string, sale: { price: string; costs: string }) {
  const { first, second } = await admins(prisma);
  const proposed = await proposeExit(prisma, {
    adminId: first.id,
    propertyId,
    buyerName: "Kestrel Holdings LLP",
    salePrice: sale.price,
    costs: sale.costs,
    expectedCompletionDate: "2027-03-31",
    note: "",
  });
  await approveMoneyMovement(prisma, { approvalId: proposed.approvalId, adminId: second.id });
  return { ...proposed, first, second };
}

async function complete(prisma: PrismaClient, exitId: string, first: { id: string }, second: { id: string }) {
  const { approvalId } = await requestExitCompletion(prisma, { adminId: first.id, exitId });
  await approveMoneyMovement(prisma, { approvalId, adminId: second.id });
  return approvalId;
}

describe("a property's sale", () => {
  it("pays every holder net × shares ÷ total shares, and the pay-outs plus the remainder are exactly the net proceeds", async () => {
    const prisma = db.current.prisma;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 25 }),
        fc.bigInt({ min: 100_000n, max: 500_000_000n }),
        fc.integer({ min: 0, max: 99 }),
        async (holdings, unheld, pricePaise, costPercent) => {
          const totalShares = holdings.reduce((sum, n) => sum + n, 0) + unheld;
          const property = await createProperty(prisma, {
            title: "Random Court",
            city: "Nashik",
            sharePrice: "10",
            minimumInvestment: "10",
            totalShares,
            totalValue: String(totalShares * 10),
          });
          const holders = [];
          for (const shares of holdings) {
            const holder = await createInvestor(prisma, { balance: "1000" });
            await purchaseShares(prisma, { userId: holder.id, propertyId: property.id, shares, idempotencyKey: newIdempotencyKey() });
            holders.push({ id: holder.id, shares });
          }
          const price = new Decimal(pricePaise.toString()).div(100);
          const costs = price.times(costPercent).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
          const { exitId, first, second } = await proposeAndAgree(prisma, property.id, {
            price: price.toFixed(2),
            costs: costs.toFixed(2),
          });
          await complete(prisma, exitId, first, second);

          const net = price.minus(costs);
          const exit = await prisma.propertyExit.findUniqueOrThrow({ where: { id: exitId } });
          const payouts = await prisma.transaction.findMany({ where: { referenceId: exitId, transactionType: "exit_payout" } });
          const paid = payouts.reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
          expect(paid.plus(exit.remainderAmount!).toFixed(2)).toBe(net.toFixed(2));
          expect(exit.paidAmount!.toFixed(2)).toBe(paid.toFixed(2));
          for (const holder of holders) {
            const payout = payouts.find((t) => t.userId === holder.id);
            const expected = net.times(holder.shares).div(totalShares).toDecimalPlaces(2, Decimal.ROUND_DOWN);
            expect(payout?.amount.toFixed(2) ?? "0.00").toBe(expected.toFixed(2));
            const position = await prisma.userPropertyPosition.findUniqueOrThrow({
              where: { userId_propertyId: { userId: holder.id, propertyId: property.id } },
            });
            expect([position.shares, position.committedShares]).toEqual([0, 0]);
          }
          // One journal carries it all: platform cash out, each holder in, the remainder to the property's account.
          const postings = await prisma.ledgerPosting.findMany({ where: { journalId: exit.paymentJournalId! } });
          expect(postings.reduce((sum, p) => sum.plus(p.amount), new Decimal(0)).toFixed(2)).toBe("0.00");
          expect(new Set(payouts.map((t) => t.journalId))).toEqual(new Set(payouts.length ? [exit.paymentJournalId] : []));
        },
      ),
      { numRuns: 8 },
    );
    expect(await checkLedger(prisma)).toEqual([]);
  });

  it("stops trading once: the open order, hold and reservation are each settled exactly once, and nothing trades afterwards", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, {
      title: "Heron Point",
      city: "Nashik",
      sharePrice: "100",
      minimumInvestment: "100",
      totalShares: 100,
    });
    const [seller, holder, other] = [
      await createInvestor(prisma, { balance: "10000" }),
      await createInvestor(prisma, { balance: "10000" }),
      await createInvestor(prisma, { balance: "10000" }),
    ];
    for (const [user, shares] of [
      [seller, 30],
      [holder, 20],
      [other, 10],
    ] as const) {
      await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares, idempotencyKey: newIdempotencyKey() });
    }
    await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
    const { orderId } = await createSellRequest(prisma, {
      sellerId: seller.id,
      propertyId: property.id,
      shares: 10,
      pricePerShare: "110",
      idempotencyKey: newIdempotencyKey(),
    });
    // An open hold (holder) and a reservation (other: both sides confirmed).
    const openHold = await createBuyerHold(prisma, { buyerId: holder.id, orderId, shares: 2, idempotencyKey: newIdempotencyKey() });
    const reserved = await createBuyerHold(prisma, { buyerId: other.id, orderId, shares: 3, idempotencyKey: newIdempotencyKey() });
    await confirmHold(prisma, { userId: other.id, holdId: reserved.holdId, side: "buyer" });
    const { reservationId } = await confirmHold(prisma, { userId: seller.id, holdId: reserved.holdId, side: "seller" });
    expect(reservationId).toBeTruthy();
    const before = await balances(prisma, [holder.id, other.id]);
    expect(before.map((b) => b.held)).toEqual(["220.00", "330.00"]);
    // A resting bid under the ask (ADR 0074), its cost held.
    const bidder = await createInvestor(prisma, { balance: "10000" });
    const bid = await placeBuyOrder(prisma, {
      buyerId: bidder.id,
      propertyId: property.id,
      shares: 5,
      maxPrice: "95",
      idempotencyKey: newIdempotencyKey(),
    });
    expect((await balances(prisma, [bidder.id]))[0]!.held).toBe("475.00");

    const { exitId, approvalId, first, second } = await proposeAndAgree(prisma, property.id, { price: "20000", costs: "1000" });

    const state = async () => ({
      order: (await prisma.shareSellRequest.findUniqueOrThrow({ where: { id: orderId } })).status,
      holds: (await prisma.shareBuyerHold.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } })).map((h) => h.holdStatus),
      reservation: (await prisma.shareReservation.findUniqueOrThrow({ where: { id: reservationId! } })).status,
      committed: (
        await prisma.userPropertyPosition.findUniqueOrThrow({
          where: { userId_propertyId: { userId: seller.id, propertyId: property.id } },
        })
      ).committedShares,
      voids: await prisma.ledgerJournal.count({ where: { phase: "void", userId: { in: [holder.id, other.id] } } }),
      wallets: await balances(prisma, [holder.id, other.id]),
    });
    const stopped = await state();
    expect(stopped).toEqual({
      order: "cancelled",
      holds: ["cancelled", "cancelled"],
      reservation: "released",
      committed: 0,
      voids: 2,
      wallets: [
        { available: new Decimal(before[0]!.available).plus(220).toFixed(2), held: "0.00" },
        { available: new Decimal(before[1]!.available).plus(330).toFixed(2), held: "0.00" },
      ],
    });
    const openHoldRow = await prisma.shareBuyerHold.findUniqueOrThrow({ where: { id: openHold.holdId } });
    expect(openHoldRow.holdStatus).toBe("cancelled");
    // The bid is cancelled with the rest, its hold voided once: the bidder's money is all available again.
    expect((await prisma.shareBuyOrder.findUniqueOrThrow({ where: { id: bid.orderId } })).status).toBe("cancelled");
    expect(await balances(prisma, [bidder.id])).toEqual([{ available: "10000.00", held: "0.00" }]);
    expect(await prisma.ledgerJournal.count({ where: { phase: "void", userId: bidder.id } })).toBe(1);

    // A second approval of the same request, or a second agreement, changes nothing and does not report success.
    await expect(approveMoneyMovement(prisma, { approvalId, adminId: second.id })).rejects.toMatchObject({ code: "already_decided" });
    await expect(agreeExit(prisma, { exitId, adminId: second.id })).rejects.toMatchObject({ code: "exit_not_proposed" });
    expect(await state()).toEqual(stopped);

    // Nothing trades any more: a bid, a listing, a primary purchase, and a listing or bid written past the domain.
    await expect(
      placeBuyOrder(prisma, {
        buyerId: bidder.id,
        propertyId: property.id,
        shares: 1,
        maxPrice: "95",
        idempotencyKey: newIdempotencyKey(),
      }),
    ).rejects.toMatchObject({ status: expect.any(Number) });
    await expect(
      prisma.$executeRaw`
        INSERT INTO share_buy_orders (buyer_id, property_id, shares_wanted, remaining_shares, max_price, status, expires_at)
        VALUES (${bidder.id}::uuid, ${property.id}, 1, 1, 95, 'cancelled', now() + interval '1 day')`,
    ).rejects.toThrow(/aangan:trading_stopped/);
    await expect(
      createSellRequest(prisma, {
        sellerId: holder.id,
        propertyId: property.id,
        shares: 1,
        pricePerShare: "100",
        idempotencyKey: newIdempotencyKey(),
      }),
    ).rejects.toMatchObject({ code: "tradingStopped" });
    await expect(
      purchaseShares(prisma, { userId: other.id, propertyId: property.id, shares: 1, idempotencyKey: newIdempotencyKey() }),
    ).rejects.toMatchObject({ code: "trading_stopped", message: expect.stringContaining("being sold") });
    await expect(
      prisma.$executeRaw`
        INSERT INTO share_sell_requests (seller_id, property_id, shares_to_sell, remaining_shares, price_per_share, total_amount, expires_at)
        VALUES (${holder.id}::uuid, ${property.id}, 1, 1, 100, 100, now() + interval '1 day')`,
    ).rejects.toThrow(/aangan:trading_stopped/);
    await expect(
      prisma.$executeRaw`
        INSERT INTO transactions (user_id, property_id, transaction_type, amount, shares, price_per_share)
        VALUES (${other.id}::uuid, ${property.id}, 'share_purchase', 100, 1, 100)`,
    ).rejects.toThrow(/aangan:trading_stopped/);
    await expect(
      prisma.$executeRaw`UPDATE properties SET available_shares = available_shares - 1 WHERE id = ${property.id}`,
    ).rejects.toThrow(/aangan:trading_stopped/);

    // Holders see the expected pay-out: (20,000 − 1,000) / 100 shares = ₹190 a share.
    const view = await getHolderExitView(prisma, property.id, holder.id);
    expect(view).toMatchObject({ status: "agreed", perShare: "190.0000", shares: 20, payout: "3800.00" });

    const completionApproval = await complete(prisma, exitId, first, second);
    await expect(approveMoneyMovement(prisma, { approvalId: completionApproval, adminId: second.id })).rejects.toMatchObject({
      code: "already_decided",
    });
    await expect(requestExitCompletion(prisma, { adminId: first.id, exitId })).rejects.toMatchObject({ code: "already_completed" });
    await expect(completeExit(prisma, { exitId, adminId: second.id })).rejects.toMatchObject({ code: "already_completed" });

    const payouts = await prisma.transaction.findMany({
      where: { referenceId: exitId, transactionType: "exit_payout" },
      orderBy: { shares: "desc" },
    });
    expect(payouts.map((t) => [t.userId, t.shares, t.amount.toFixed(2), t.pricePerShare?.toFixed(2)])).toEqual([
      [seller.id, 30, "5700.00", "190.00"],
      [holder.id, 20, "3800.00", "190.00"],
      [other.id, 10, "1900.00", "190.00"],
    ]);
    const exit = await prisma.propertyExit.findUniqueOrThrow({ where: { id: exitId } });
    // 40 of the 100 shares were never sold by the issue: their part is the remainder.
    expect([exit.status, exit.paidAmount?.toFixed(2), exit.remainderAmount?.toFixed(2)]).toEqual(["completed", "11400.00", "7600.00"]);
    expect((await prisma.property.findUniqueOrThrow({ where: { id: property.id } })).propertyStatus).toBe("closed");

    // The sale is a disposal in the capital-gains statement: 20 shares bought at ₹100 (₹2,000 and the
    // 2% platform fee, ₹40, as the statement counts a purchase), sold at ₹190.
    const statement = await loadStatement(prisma, holder.id, financialYearOfMoment(new Date()));
    const gain = statement!.gains.find((g) => g.propertyId === property.id);
    expect(gain).toMatchObject({ shares: 20, salePrice: "3800.00", costOfAcquisition: "2040.00", gain: "1760.00" });
    const position = await prisma.userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: holder.id, propertyId: property.id } },
    });
    // The position's realised profit is the market's: price less the average price, fees apart.
    expect([position.shares, position.realisedProfit.toFixed(2)]).toEqual([0, "1800.00"]);
    expect(await checkLedger(prisma)).toEqual([]);
  });
});

describe("a sale's mails", () => {
  it("are written to the mail outbox in the step's own transaction: one per holder on agreement and on completion, none for a refused step", async () => {
    const prisma = db.current.prisma;
    const property = await createProperty(prisma, {
      title: "Kite Hill Court",
      city: "Shillong",
      sharePrice: "100",
      minimumInvestment: "100",
      totalShares: 10,
    });
    const holders = [await createInvestor(prisma, { balance: "10000" }), await createInvestor(prisma, { balance: "10000" })];
    for (const holder of holders) {
      await purchaseShares(prisma, { userId: holder.id, propertyId: property.id, shares: 3, idempotencyKey: newIdempotencyKey() });
    }
    const outbox = async () =>
      (await prisma.mailOutbox.findMany({ orderBy: { createdAt: "asc" } }))
        .map((row) => row.message as { to: string; subject: string; text: string })
        .filter((message) => message.subject.endsWith("Kite Hill Court"));
    const { exitId, first, second } = await proposeAndAgree(prisma, property.id, { price: "50000", costs: "0" });
    const agreed = await outbox();
    expect(agreed.map((m) => [m.to, m.subject]).sort()).toEqual(holders.map((h) => [h.email, "Sale agreed: Kite Hill Court"]).sort());
    // The agreement's transaction wrote them: the sale and its mails carry the same commit.
    const [row] = await prisma.$queryRaw<{ same: boolean }[]>`
      SELECT bool_and(o.xmin = e.xmin) AS same FROM mail_outbox o, property_exits e
       WHERE e.id = ${exitId}::uuid AND o.message->>'subject' = 'Sale agreed: Kite Hill Court'`;
    expect(row?.same).toBe(true);

    await complete(prisma, exitId, first, second);
    // 6 of 10 shares held: ₹50,000 × 3 / 10 = ₹15,000 each.
    const paid = (await outbox()).filter((m) => m.subject.startsWith("Sale completed"));
    expect(paid.map((m) => m.to).sort()).toEqual(holders.map((h) => h.email).sort());
    expect(paid[0]!.text).toContain("₹15,000.00 from the sale of Kite Hill Court was credited to your wallet");
    // A second completion is refused and rolls back whole: no mail is written for it.
    await expect(completeExit(prisma, { exitId, adminId: second.id })).rejects.toMatchObject({ code: "already_completed" });
    expect(await outbox()).toHaveLength(4);
  });
});

describe("a sale's documents", () => {
  it("are stored privately with the proposal and read by its holders through the vault and its download route, not by others; a non-PDF keeps nothing", async () => {
    const prisma = db.current.prisma;
    const storage = localPrivateStorage(mkdtempSync(path.join(tmpdir(), "aangan-sale-docs-")));
    const property = await createProperty(prisma, { title: "Fern Row", city: "Nashik", sharePrice: "100", minimumInvestment: "100" });
    const holder = await createInvestor(prisma, { balance: "10000" });
    const outsider = await createInvestor(prisma, { balance: "10000" });
    await purchaseShares(prisma, { userId: holder.id, propertyId: property.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    const { first } = await admins(prisma);
    const sale = {
      adminId: first.id,
      propertyId: property.id,
      buyerName: "Larkspur Estates LLP",
      salePrice: "150000",
      costs: "0",
      expectedCompletionDate: "2027-03-31",
      note: "",
    };
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n");
    // A file that is not a PDF refuses the whole proposal: no sale, no document, no file kept.
    await expect(
      proposeExit(prisma, sale, { storage, documents: [{ fileName: "agreement.docx", body: [Buffer.from("PK\u0003\u0004")] }] }),
    ).rejects.toMatchObject({ code: "sale_document_type", status: 415, field: "documents" });
    await expect(
      proposeExit(prisma, sale, { storage, documents: [{ fileName: "fake.pdf", body: [Buffer.from("not a pdf at all")] }] }),
    ).rejects.toMatchObject({ status: 415, field: "documents" });
    expect(await prisma.propertyExit.count({ where: { propertyId: property.id } })).toBe(0);

    const { exitId } = await proposeExit(prisma, sale, { storage, documents: [{ fileName: "Sale agreement.pdf", body: [pdf] }] });
    const [document] = await prisma.propertyDocument.findMany({ where: { propertyId: property.id } });
    expect([document?.exitId, document?.documentType, document?.isPublic, document?.documentName]).toEqual([
      exitId,
      "sale_document",
      false,
      "Sale agreement",
    ]);
    expect(await storage.exists(document!.storageKey)).toBe(true);
    const holderVault = await listVault(prisma, holder.id, property.id);
    expect(holderVault.map((item) => [item.kind, item.name, item.holdersOnly])).toEqual([["Sale document", "Sale agreement", true]]);
    expect(await listVault(prisma, outsider.id, property.id)).toEqual([]);
    expect(await findDownloadableDocument(prisma, document!.id, { isAdmin: false, id: holder.id })).not.toBeNull();
    expect(await findDownloadableDocument(prisma, document!.id, { isAdmin: false, id: outsider.id })).toBeNull();
  });
});

async function balances(prisma: PrismaClient, userIds: string[]) {
  const rows = await prisma.escrowBalance.findMany({ where: { userId: { in: userIds } } });
  return userIds.map((id) => {
    const row = rows.find((r) => r.userId === id)!;
    return { available: row.availableBalance.toFixed(2), held: row.heldBalance.toFixed(2) };
  });
}
