import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createOpenProperty, createInvestor, newKey, purchaseFootprint, walletBalance } from "./purchase-test-helpers";
import { assertMayPurchase, purchaseShares } from "./purchase-shares.server";
import { PurchaseError } from "./purchase-errors.server";
import { DomainError } from "~/domain/errors";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

async function accountBalance(code: string): Promise<string> {
  const [row] = await db.current.prisma.$queryRaw<{ total: string }[]>`
    SELECT COALESCE(SUM(p.amount), 0)::text AS total
      FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = ${code}`;
  return Number(row!.total).toFixed(2);
}

async function refusal(promise: Promise<unknown>): Promise<PurchaseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PurchaseError);
  return error as PurchaseError;
}

describe("purchaseShares", () => {
  it("debits shares plus a 2% fee once and writes every record of the purchase", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    const key = newKey();

    const receipt = await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 3, idempotencyKey: key });

    expect(receipt).toMatchObject({
      sharesPurchased: 3,
      amountPaid: "30000.00",
      fee: "600.00",
      totalDebited: "30600.00",
      propertyTitle: "Koregaon Park Residences",
      availableSharesLeft: 997,
      propertyFunded: false,
    });
    expect(await walletBalance(prisma, user.id)).toBe("69400.00");
    expect(await accountBalance(`property:${property.id}:issue`)).toBe("30000.00");
    expect(await accountBalance("platform:fees")).toBe("600.00");

    const transaction = await prisma.transaction.findUniqueOrThrow({ where: { id: receipt.transactionId } });
    expect(transaction).toMatchObject({
      userId: user.id,
      propertyId: property.id,
      transactionType: "investment",
      status: "completed",
      shares: 3,
      description: "3 shares of Koregaon Park Residences",
      idempotencyKey: key,
      journalId: receipt.journalId,
    });
    expect(transaction.amount.toFixed(2)).toBe("30000.00");
    expect(transaction.fee.toFixed(2)).toBe("600.00");
    expect(transaction.pricePerShare?.toFixed(2)).toBe("10000.00");

    const investment = await prisma.investment.findUniqueOrThrow({ where: { transactionId: receipt.transactionId } });
    expect(investment).toMatchObject({ userId: user.id, propertyId: property.id, sharesOwned: 3, investmentStatus: "confirmed" });
    expect(investment.totalInvestment.toFixed(2)).toBe("30000.00");

    const after = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect(after.availableShares).toBe(997);
    expect(after.fundedAmount.toFixed(2)).toBe("30000.00");
    expect(after.propertyStatus).toBe("open");

    const position = await prisma.userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: user.id, propertyId: property.id } },
    });
    expect([position.shares, position.costBasis.toFixed(2), position.avgPrice.toFixed(2)]).toEqual([3, "30000.00", "10000.00"]);

    const alerts = await prisma.userAlert.findMany({ where: { userId: user.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: "Investment Successful", propertyId: property.id, isRead: false });
    expect(alerts[0]!.message).toContain("3 shares of Koregaon Park Residences");
    // One figure per event: the alert names what left the wallet, fee included.
    expect(alerts[0]!.message).toContain("for ₹30,600.00, including a ₹600.00 platform fee");

    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("large_investor");
  });

  it("lets a wallet holding exactly shares + fee buy, and leaves it at zero", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "10200" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
    expect(await walletBalance(prisma, user.id)).toBe("0.00");
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("small_investor");
  });

  it("marks the property funded when its last share is sold", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "50000" });
    const property = await createOpenProperty(prisma, { sharePrice: "10000", availableShares: 2 });
    const receipt = await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 2, idempotencyKey: newKey() });
    expect(receipt).toMatchObject({ availableSharesLeft: 0, propertyFunded: true });
    const after = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([after.availableShares, after.propertyStatus]).toEqual([0, "funded"]);
  });

  it("keeps the position's average price exact over purchases at different prices", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "5000" });
    const property = await createOpenProperty(prisma, { sharePrice: "100.00", minimumInvestment: "1" });
    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
    await prisma.property.update({ where: { id: property.id }, data: { sharePrice: "100.01" } });
    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 2, idempotencyKey: newKey() });
    await prisma.property.update({ where: { id: property.id }, data: { sharePrice: "333.33" } });
    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 3, idempotencyKey: newKey() });

    const position = await prisma.userPropertyPosition.findUniqueOrThrow({
      where: { userId_propertyId: { userId: user.id, propertyId: property.id } },
    });
    // 100.00 + 2 × 100.01 + 3 × 333.33 = 1300.01 over 6 shares = 216.668333… → 216.67
    expect([position.shares, position.costBasis.toFixed(2), position.avgPrice.toFixed(2)]).toEqual([6, "1300.01", "216.67"]);
    // fees: 2.00 + 4.00 (200.02 × 2% = 4.0004) + 20.00 (999.99 × 2% = 19.9998)
    expect(await walletBalance(prisma, user.id)).toBe((5000 - 1300.01 - 26).toFixed(2));
  });

  it("lets an admin-overridden investor tier buy without KYC and keeps the override", async () => {
    const { prisma } = db.current;
    const user = await createInvestor(prisma, { balance: "100000", kycStatus: "pending" });
    await prisma.userProfile.update({ where: { id: user.id }, data: { tier: "small_investor", tierOverrideByAdmin: true } });
    const property = await createOpenProperty(prisma);
    await purchaseShares(prisma, { userId: user.id, propertyId: property.id, shares: 5, idempotencyKey: newKey() });
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: user.id } })).tier).toBe("small_investor");
  });
});

describe("purchaseShares refusals leave nothing behind", () => {
  type Case = {
    name: string;
    message: string | RegExp;
    code: string;
    setUp: () => Promise<{ userId: string; propertyId: string; shares: number }>;
  };
  const prisma = () => db.current.prisma;
  const cases: Case[] = [
    {
      name: "KYC not approved",
      code: "kyc_required",
      message: "KYC approval required. Please complete your verification.",
      setUp: async () => {
        const user = await createInvestor(prisma(), { balance: "100000", kycStatus: "under_review" });
        return { userId: user.id, propertyId: (await createOpenProperty(prisma())).id, shares: 1 };
      },
    },
    {
      name: "an override to a tier that is not an investor tier",
      code: "kyc_required",
      message: /KYC/,
      setUp: async () => {
        const user = await createInvestor(prisma(), { balance: "100000", kycStatus: "pending" });
        await prisma().userProfile.update({ where: { id: user.id }, data: { tier: "waitlist_player", tierOverrideByAdmin: true } });
        return { userId: user.id, propertyId: (await createOpenProperty(prisma())).id, shares: 1 };
      },
    },
    {
      name: "a missing property",
      code: "property_not_found",
      message: "Property Not Found",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: "no-such-property",
        shares: 1,
      }),
    },
    {
      name: "a draft property",
      code: "property_not_found",
      message: "Property Not Found",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma(), { status: "draft" })).id,
        shares: 1,
      }),
    },
    ...(["upcoming", "funded", "closed"] as const).map((status) => ({
      name: `a ${status} property`,
      code: "property_not_open",
      message: "This property is not open for investment.",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma(), { status })).id,
        shares: 1,
      }),
    })),
    ...[0, -2, 1.5].map((shares) => ({
      name: `${shares} shares`,
      code: "invalid_purchase",
      message: "Please enter a valid number of shares",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma())).id,
        shares,
      }),
    })),
    {
      name: "less than the minimum investment",
      code: "invalid_purchase",
      message: "Minimum investment is ₹20,000",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma(), { minimumInvestment: "20000" })).id,
        shares: 1,
      }),
    },
    {
      name: "more than the maximum investment",
      code: "invalid_purchase",
      message: "Maximum investment is ₹30,000",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma(), { maximumInvestment: "30000" })).id,
        shares: 4,
      }),
    },
    {
      name: "a wallet that covers the shares but not the fee",
      code: "insufficient_balance",
      message: "Insufficient wallet balance. Please add funds.",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "10199.99" })).id,
        propertyId: (await createOpenProperty(prisma())).id,
        shares: 1,
      }),
    },
    {
      name: "more shares than are left",
      code: "shares_unavailable",
      message: "Not enough shares available. Please reduce your quantity.",
      setUp: async () => ({
        userId: (await createInvestor(prisma(), { balance: "100000" })).id,
        propertyId: (await createOpenProperty(prisma(), { availableShares: 2 })).id,
        shares: 3,
      }),
    },
    {
      name: "an unknown user",
      code: "not_signed_in",
      message: "Please sign in to start investing",
      setUp: async () => ({
        userId: "00000000-0000-4000-8000-000000000000",
        propertyId: (await createOpenProperty(prisma())).id,
        shares: 1,
      }),
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.name}`, async () => {
      const request = await testCase.setUp();
      const before = await purchaseFootprint(prisma());
      const error = await refusal(purchaseShares(prisma(), { ...request, idempotencyKey: newKey() }));
      expect(error.code).toBe(testCase.code);
      if (typeof testCase.message === "string") expect(error.message).toBe(testCase.message);
      else expect(error.message).toMatch(testCase.message);
      expect(await purchaseFootprint(prisma())).toEqual(before);
    });
  }

  it("answers a reused idempotency key with 'already being processed' and changes nothing", async () => {
    const user = await createInvestor(prisma(), { balance: "100000" });
    const property = await createOpenProperty(prisma());
    const key = newKey();
    await purchaseShares(prisma(), { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: key });
    const before = await purchaseFootprint(prisma());
    const again = await refusal(purchaseShares(prisma(), { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: key }));
    expect([again.code, again.message]).toEqual(["duplicate", "This transaction is already being processed."]);
    // Even when the second submit names another property, the key decides.
    const other = await createOpenProperty(prisma());
    const before2 = await purchaseFootprint(prisma());
    const elsewhere = await refusal(purchaseShares(prisma(), { userId: user.id, propertyId: other.id, shares: 1, idempotencyKey: key }));
    expect(elsewhere.code).toBe("duplicate");
    expect(await purchaseFootprint(prisma())).toEqual(before2);
    expect(before).toBeDefined();
  });

  it("buys only for the reviewed total: another total, or a price moved since the review, buys nothing", async () => {
    const user = await createInvestor(prisma(), { balance: "100000" });
    const property = await createOpenProperty(prisma(), { sharePrice: "10000" });
    const buy = (reviewedTotal: string) =>
      purchaseShares(prisma(), { userId: user.id, propertyId: property.id, shares: 2, idempotencyKey: newKey(), reviewedTotal });
    const before = await purchaseFootprint(prisma());
    for (const total of ["20399.99", "1e5", "", "20400.001"]) {
      const refused = await refusal(buy(total));
      expect([refused.code, refused.status]).toEqual(["review_changed", 400]);
    }
    // This process already knows the property's terms at ₹10,000; the database has ₹10,500 now.
    await purchaseShares(prisma(), { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
    const known = await purchaseFootprint(prisma());
    await prisma().property.update({ where: { id: property.id }, data: { sharePrice: "10500" } });
    expect((await refusal(buy("20400.00"))).code).toBe("review_changed");
    expect(await purchaseFootprint(prisma())).toEqual(known);
    expect(before).not.toEqual(known);
    const receipt = await buy("21420.00");
    expect(receipt.totalDebited).toBe("21420.00");
  });

  it("keeps a key to the user it was given to: another user's key neither blocks nor replays", async () => {
    const first = await createInvestor(prisma(), { balance: "100000" });
    const second = await createInvestor(prisma(), { balance: "100000" });
    const property = await createOpenProperty(prisma());
    const key = newKey();

    await purchaseShares(prisma(), { userId: first.id, propertyId: property.id, shares: 1, idempotencyKey: key });
    // The second user submitting the first user's key buys for themselves.
    const theirs = await purchaseShares(prisma(), { userId: second.id, propertyId: property.id, shares: 2, idempotencyKey: key });
    expect(theirs).toMatchObject({ userId: second.id, sharesPurchased: 2 });
    expect(await walletBalance(prisma(), second.id)).toBe("79600.00");
    // ...and that neither frees the key for its owner nor spends it a second time.
    const again = await refusal(purchaseShares(prisma(), { userId: first.id, propertyId: property.id, shares: 1, idempotencyKey: key }));
    expect(again.code).toBe("duplicate");
    expect(await walletBalance(prisma(), first.id)).toBe("89800.00");
    expect(await prisma().transaction.count({ where: { idempotencyKey: key } })).toBe(2);
  });
});

describe("purchase errors", () => {
  it("are domain errors with the HTTP status and field a reply needs", async () => {
    const user = await createInvestor(db.current.prisma, { balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { minimumInvestment: "20000" });
    const tooSmall = await refusal(
      purchaseShares(db.current.prisma, { userId: user.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() }),
    );
    expect(tooSmall).toBeInstanceOf(DomainError);
    expect([tooSmall.status, tooSmall.field]).toEqual([400, "shares"]);
    const missing = await refusal(
      purchaseShares(db.current.prisma, { userId: user.id, propertyId: "nowhere", shares: 1, idempotencyKey: newKey() }),
    );
    expect([missing.status, missing.field]).toEqual([404, undefined]);
    const closed = await createOpenProperty(db.current.prisma, { status: "closed" });
    const notOpen = await refusal(
      purchaseShares(db.current.prisma, { userId: user.id, propertyId: closed.id, shares: 1, idempotencyKey: newKey() }),
    );
    expect(notOpen.status).toBe(409);
  });

  it("check eligibility on its own: approved KYC, or an admin-set investor tier", () => {
    expect(() => assertMayPurchase({ kycStatus: "approved", tier: "explorer", tierOverrideByAdmin: false })).not.toThrow();
    expect(() => assertMayPurchase({ kycStatus: "pending", tier: "small_investor", tierOverrideByAdmin: true })).not.toThrow();
    for (const standing of [
      { kycStatus: "under_review", tier: "large_investor", tierOverrideByAdmin: false },
      { kycStatus: "rejected", tier: "waitlist_player", tierOverrideByAdmin: true },
    ]) {
      expect(() => assertMayPurchase(standing)).toThrow(
        expect.objectContaining({ code: "kyc_required", message: "KYC approval required. Please complete your verification." }),
      );
    }
  });
});
