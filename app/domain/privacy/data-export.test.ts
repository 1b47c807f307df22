import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { useMailQueue } from "../../../tests/setup/mail-queue";
import { createProperty, createUser } from "../../../tests/setup/factories";
import { createInvestor, createMarket, newKey } from "~/domain/market/market-test-helpers";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { declareDistribution, payDistributionNow } from "~/domain/distributions/distributions.server";
import { collectDataExport } from "./data-export.server";

const db = useTestDatabase();
// Distributions queue their mails in the payment's transaction, as the running app does.
useMailQueue(db);
const DAY = 24 * 60 * 60 * 1000;
const dateOf = (d: Date) => new Date(d.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

describe("the investor's data export", () => {
  it("carries the tax withheld from their distributions, their nomination and watchlist, and nobody else's", async () => {
    const { prisma } = db.current;
    // The seller (no PAN on record) holds 20 shares, another investor 10; both bought ten days ago.
    const { property, seller } = await createMarket(prisma, { sellerShares: 20 });
    const other = await createInvestor(prisma, { balance: "5000" });
    await purchaseShares(prisma, { userId: other.id, propertyId: property.id, shares: 10, idempotencyKey: newKey() });
    await prisma.transaction.updateMany({
      where: { propertyId: property.id, transactionType: "investment" },
      data: { createdAt: daysAgo(10) },
    });
    const admin = await createUser(prisma, { isAdmin: true });
    const { distributionId } = await declareDistribution(prisma, {
      adminId: admin.id,
      propertyId: property.id,
      basis: "total",
      amount: "30000",
      recordDate: dateOf(daysAgo(4)),
      paymentDate: dateOf(daysAgo(1)),
      note: "",
    });
    await payDistributionNow(prisma, { adminId: admin.id, distributionId });
    await prisma.nominationDeclaration.create({
      data: {
        userId: seller.id,
        optedOut: false,
        nominees: {
          create: [
            {
              position: 1,
              fullName: "Meera Kulkarni",
              relationship: "Spouse",
              dateOfBirth: new Date("1980-02-03T00:00:00Z"),
              sharePercent: "100",
            },
          ],
        },
      },
    });
    const watched = await createProperty(prisma, { title: "Watched Heights" });
    await prisma.watchlistEntry.create({ data: { userId: seller.id, propertyId: watched.id, notes: "wait for the NAV" } });

    const mine = (await collectDataExport(prisma, seller.id))!;
    // ₹20,000 of the ₹30,000 at 20% (no PAN furnished), not yet deposited.
    expect(mine.tds).toEqual([
      expect.objectContaining({
        property: property.title,
        panQuoted: "Not furnished",
        gross: "20000.00",
        ratePercent: "20.00",
        tdsWithheld: "4000.00",
        netPaid: "16000.00",
        depositedUnder: "To be deposited",
      }),
    ]);
    expect(mine.distributions.map((d) => d.amount)).toEqual(["16000.00"]);
    expect(mine.nomination.optedOut).toBe(false);
    expect(mine.nomination.nominees).toEqual([expect.objectContaining({ fullName: "Meera Kulkarni", sharePercent: "100.00" })]);
    expect(mine.watchlist).toEqual([expect.objectContaining({ property: "Watched Heights", notes: "wait for the NAV" })]);

    const theirs = (await collectDataExport(prisma, other.id))!;
    expect(theirs.tds.map((t) => [t.gross, t.tdsWithheld, t.depositedUnder])).toEqual([["10000.00", "0.00", "—"]]);
    expect(theirs.nomination).toEqual({ declaredAt: null, optedOut: null, nominees: [] });
    expect(theirs.watchlist).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain("Meera Kulkarni");
  });
});
