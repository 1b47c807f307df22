import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, type PrismaClient } from "~/services/db.server";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { startStatementCounter, type StatementCounter } from "../../../tests/integration/support/statement-counter";
import { createInvestor, createOpenProperty, newKey, purchaseFootprint, walletBalance } from "./purchase-test-helpers";
import { purchaseShares, type PurchaseInput } from "./purchase-shares.server";
import { PurchaseError } from "./purchase-errors.server";

/**
 * A primary purchase is one round trip once this process knows the property's terms (ADR
 * 0026): the database function checks the buyer's standing, the key, the status, the terms,
 * the wallet and the shares itself. These tests use a client whose statements are counted on
 * the wire, and check that with the terms known every refusal keeps the spec's message and
 * precedence, and that terms that changed since are noticed and read again.
 */

const db = useTestDatabase();
let counter: StatementCounter;
let client: PrismaClient;

beforeAll(async () => {
  counter = await startStatementCounter(db.current.url);
  client = createPrismaClient(counter.url);
  await client.$queryRaw`SELECT 1`;
});

afterAll(async () => {
  await client?.$disconnect();
  await counter?.close();
});

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

/** A property this client has already bought from, so its terms are known. */
async function knownProperty(options: Parameters<typeof createOpenProperty>[1] = {}, shares = 1) {
  const { prisma } = db.current;
  const property = await createOpenProperty(prisma, options);
  const first = await createInvestor(prisma, { balance: "1000000" });
  await purchaseShares(client, { userId: first.id, propertyId: property.id, shares, idempotencyKey: newKey() });
  return property;
}

/** Announcements go out on the turn of the event loop after a purchase; let them land. */
const announced = () => new Promise((resolve) => setTimeout(resolve, 50));

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  await announced();
  counter.reset();
  await work().catch(() => undefined);
  await announced();
  return counter.statements();
}

const isAnnouncement = (statement: string) => /pg_notify/.test(statement);

async function refusalOf(input: PurchaseInput): Promise<{ code: string; message: string }> {
  const error = await purchaseShares(client, input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PurchaseError);
  return { code: (error as PurchaseError).code, message: (error as PurchaseError).message };
}

describe("a primary purchase's round trips", () => {
  it("reads first the first time a property is bought, then is one call of purchase_shares and its announcement", async () => {
    const { prisma } = db.current;
    const property = await createOpenProperty(prisma);
    const buyers = [await createInvestor(prisma, { balance: "100000" }), await createInvestor(prisma, { balance: "100000" })];

    const first = await statementsOf(() =>
      purchaseShares(client, { userId: buyers[0]!.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() }),
    );
    // The read, the call, and the announcement after the commit (shared with every purchase
    // that finished within the same few milliseconds).
    expect(first).toHaveLength(3);
    expect(first[1]).toMatch(/FROM purchase_shares\(/);
    expect(isAnnouncement(first[2]!)).toBe(true);

    const second = await statementsOf(() =>
      purchaseShares(client, { userId: buyers[1]!.id, propertyId: property.id, shares: 2, idempotencyKey: newKey() }),
    );
    expect(second).toHaveLength(2);
    expect(second[0]).toMatch(/FROM purchase_shares\(/);
    expect(isAnnouncement(second[1]!)).toBe(true);
    expect(await walletBalance(prisma, buyers[1]!.id)).toBe("79600.00");
  });
});

describe("with the property's terms known", () => {
  const prisma = () => db.current.prisma;

  it("keeps a small investor small on one more share and makes them large on a purchase of several", async () => {
    const property = await knownProperty();
    const buyer = await createInvestor(prisma(), { balance: "100000" });
    const tier = async () => (await prisma().userProfile.findUniqueOrThrow({ where: { id: buyer.id } })).tier;
    for (const shares of [1, 1]) {
      await purchaseShares(client, { userId: buyer.id, propertyId: property.id, shares, idempotencyKey: newKey() });
      expect(await tier()).toBe("small_investor");
    }
    await purchaseShares(client, { userId: buyer.id, propertyId: property.id, shares: 3, idempotencyKey: newKey() });
    expect(await tier()).toBe("large_investor");
  });

  it("buys at the new price after an admin changed it, reading the terms again", async () => {
    const property = await knownProperty();
    await prisma().property.update({ where: { id: property.id }, data: { sharePrice: "12000", minimumInvestment: "12000" } });
    const buyer = await createInvestor(prisma(), { balance: "100000" });
    const statements = await statementsOf(() =>
      purchaseShares(client, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() }),
    );
    // The call answers 'stale' and writes nothing; then the read, the call again and the announcement.
    expect(statements.filter((statement) => !isAnnouncement(statement))).toHaveLength(3);
    expect(await walletBalance(prisma(), buyer.id)).toBe("87760.00");
  });

  it("describes the purchase with the property's new title after a rename", async () => {
    const property = await knownProperty();
    await prisma().property.update({ where: { id: property.id }, data: { title: "Baner Heights" } });
    const buyer = await createInvestor(prisma(), { balance: "100000" });
    const receipt = await purchaseShares(client, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
    expect(receipt.propertyTitle).toBe("Baner Heights");
    const transaction = await prisma().transaction.findUniqueOrThrow({ where: { id: receipt.transactionId } });
    expect(transaction.description).toBe("1 share of Baner Heights");
  });

  type Case = { name: string; code: string; message: string | RegExp; setUp: () => Promise<PurchaseInput> };
  const cases: Case[] = [
    {
      name: "a buyer whose KYC is not approved",
      code: "kyc_required",
      message: "KYC approval required. Please complete your verification.",
      setUp: async () => {
        const property = await knownProperty();
        const buyer = await createInvestor(prisma(), { balance: "100000", kycStatus: "rejected" });
        return { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
      },
    },
    {
      name: "a buyer whose KYC is not approved, for less than the minimum (KYC first)",
      code: "kyc_required",
      message: /KYC/,
      setUp: async () => {
        const property = await knownProperty({ minimumInvestment: "20000" }, 2);
        const buyer = await createInvestor(prisma(), { balance: "100000", kycStatus: "pending" });
        return { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
      },
    },
    {
      name: "an unknown user",
      code: "not_signed_in",
      message: "Please sign in to start investing",
      setUp: async () => ({
        userId: "00000000-0000-4000-8000-000000000000",
        propertyId: (await knownProperty()).id,
        shares: 1,
        idempotencyKey: newKey(),
      }),
    },
    {
      name: "a property an admin closed",
      code: "property_not_open",
      message: "This property is not open for investment.",
      setUp: async () => {
        const property = await knownProperty();
        await prisma().property.update({ where: { id: property.id }, data: { propertyStatus: "closed" } });
        const buyer = await createInvestor(prisma(), { balance: "100000" });
        return { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
      },
    },
    {
      name: "a property put back to draft",
      code: "property_not_found",
      message: "Property Not Found",
      setUp: async () => {
        const property = await knownProperty();
        await prisma().property.update({ where: { id: property.id }, data: { propertyStatus: "draft" } });
        const buyer = await createInvestor(prisma(), { balance: "100000" });
        return { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
      },
    },
    {
      name: "more than the maximum on a closed property (closed first)",
      code: "property_not_open",
      message: "This property is not open for investment.",
      setUp: async () => {
        const property = await knownProperty({ maximumInvestment: "30000" });
        await prisma().property.update({ where: { id: property.id }, data: { propertyStatus: "funded" } });
        const buyer = await createInvestor(prisma(), { balance: "100000" });
        return { userId: buyer.id, propertyId: property.id, shares: 4, idempotencyKey: newKey() };
      },
    },
    {
      name: "more than the maximum",
      code: "invalid_purchase",
      message: "Maximum investment is ₹30,000",
      setUp: async () => {
        const property = await knownProperty({ maximumInvestment: "30000" });
        const buyer = await createInvestor(prisma(), { balance: "100000" });
        return { userId: buyer.id, propertyId: property.id, shares: 4, idempotencyKey: newKey() };
      },
    },
    {
      name: "a wallet that covers the shares but not the fee",
      code: "insufficient_balance",
      message: "Insufficient wallet balance. Please add funds.",
      setUp: async () => {
        const property = await knownProperty();
        const buyer = await createInvestor(prisma(), { balance: "10199.99" });
        return { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
      },
    },
    {
      name: "more shares than are left, from a short wallet (the wallet first)",
      code: "insufficient_balance",
      message: "Insufficient wallet balance. Please add funds.",
      setUp: async () => {
        const property = await knownProperty({ availableShares: 4 });
        const buyer = await createInvestor(prisma(), { balance: "20000" });
        return { userId: buyer.id, propertyId: property.id, shares: 5, idempotencyKey: newKey() };
      },
    },
    {
      name: "more shares than are left",
      code: "shares_unavailable",
      message: "Not enough shares available. Please reduce your quantity.",
      setUp: async () => {
        const property = await knownProperty({ availableShares: 4 });
        const buyer = await createInvestor(prisma(), { balance: "100000" });
        return { userId: buyer.id, propertyId: property.id, shares: 4, idempotencyKey: newKey() };
      },
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.name} and leaves nothing behind`, async () => {
      const input = await testCase.setUp();
      const before = await purchaseFootprint(prisma());
      const { code, message } = await refusalOf(input);
      expect(code).toBe(testCase.code);
      if (typeof testCase.message === "string") expect(message).toBe(testCase.message);
      else expect(message).toMatch(testCase.message);
      expect(await purchaseFootprint(prisma())).toEqual(before);
    });
  }

  it("answers a repeated key with the duplicate, not the balance its first use spent", async () => {
    const property = await knownProperty();
    const buyer = await createInvestor(prisma(), { balance: "10200" });
    const input = { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() };
    await purchaseShares(client, input);
    const statements = await statementsOf(async () => {
      expect(await refusalOf(input)).toMatchObject({ code: "duplicate_purchase" });
    });
    expect(statements).toHaveLength(1);
    expect(await walletBalance(prisma(), buyer.id)).toBe("0.00");
  });
});
