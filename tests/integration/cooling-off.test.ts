import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants } from "../../app/domain/invariants/check-invariants.server";
import { cancelPurchase } from "../../app/domain/investing/cancel-purchase.server";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { appClient, flashedToasts } from "#tests/kit/http";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty, createSession, createUser, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Cooling-off (ADR 0068): a primary purchase cancelled within 48 hours while the raise is open
 * returns the shares to the raise and the price and fee to the wallet once, however many tabs
 * press the button; after 48 hours, or once the raise is funded, it is refused with the reason.
 */
const db = useTestDatabase();
const prisma = () => db.current.prisma;
const SECRET = "cooling-off-session-secret-0123456789abcdef0123";
let app: AppProcess;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "1000000",
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

async function buy(shares = 3, propertyOverrides: { totalShares?: number } = {}) {
  const investor = await createUser(prisma(), {
    kycStatus: "approved",
    subscriptionActive: true,
    tier: "small_investor",
    balance: "100000",
  });
  const property = await createProperty(prisma(), { sharePrice: "10000", ...propertyOverrides });
  const receipt = await purchaseShares(prisma(), {
    userId: investor.id,
    propertyId: property.id,
    shares,
    idempotencyKey: newIdempotencyKey(),
  });
  const cookie = await createSession(prisma(), investor.id, { production: true });
  return { investor, property, transactionId: receipt.transactionId, cookie };
}

const wallet = async (userId: string) =>
  (await prisma().escrowBalance.findUniqueOrThrow({ where: { userId } })).availableBalance.toFixed(2);

describe("cooling-off", () => {
  it("cancels once though two tabs press Cancel Purchase together, returning the shares, the price and the fee", async () => {
    const { investor, property, transactionId, cookie } = await buy(3);
    // A second purchase of the same raise stays: the position keeps its share at its own price.
    await purchaseShares(prisma(), { userId: investor.id, propertyId: property.id, shares: 1, idempotencyKey: newIdempotencyKey() });
    const paid = await wallet(investor.id);
    const page = await (await appClient(() => app).get(`/dashboard/transactions/${transactionId}`, cookie)).text();
    expect(page).toContain("Cancel Purchase");

    const answers = await Promise.all(
      [1, 2].map(() => appClient(() => app).post(`/dashboard/transactions/${transactionId}`, cookie, { intent: "cancel-purchase" })),
    );
    const titles = (await Promise.all(answers.map(async (answer) => (await flashedToasts(answer))[0]?.title))).sort();
    expect(titles).toEqual(["Cannot Cancel", "Purchase Cancelled"]);

    const transaction = await prisma().transaction.findUniqueOrThrow({ where: { id: transactionId } });
    const refund = transaction.amount.plus(transaction.fee);
    expect(await wallet(investor.id)).toBe(refund.plus(paid).toFixed(2));
    expect(transaction.status).toBe("cancelled");
    expect(await prisma().investment.findFirstOrThrow({ where: { transactionId } })).toMatchObject({ investmentStatus: "cancelled" });
    expect(await prisma().property.findUniqueOrThrow({ where: { id: property.id } })).toMatchObject({ availableShares: 999 });
    expect((await prisma().property.findUniqueOrThrow({ where: { id: property.id } })).fundedAmount.toFixed(2)).toBe("10000.00");
    const position = await prisma().userPropertyPosition.findFirstOrThrow({ where: { userId: investor.id } });
    expect([position.shares, position.costBasis.toFixed(2), position.avgPrice.toFixed(2)]).toEqual([1, "10000.00", "10000.00"]);
    expect(await prisma().ledgerJournal.count({ where: { reversesJournalId: transaction.journalId } })).toBe(1);
    expect(await checkInvariants(prisma())).toEqual([]);

    // The page now says why the button is gone.
    const after = await (await appClient(() => app).get(`/dashboard/transactions/${transactionId}`, cookie)).text();
    expect(after).toContain("This purchase was cancelled and its full amount returned to your wallet.");
    expect(after).not.toContain("Cancel Purchase</button>");
  });

  it("is refused after 48 hours and once the raise is funded, and nobody cancels another investor's purchase", async () => {
    const late = await buy(2);
    await expect(
      cancelPurchase(
        prisma(),
        { userId: late.investor.id, transactionId: late.transactionId },
        () => new Date(Date.now() + 48 * 3_600_000 + 1_000),
      ),
    ).rejects.toMatchObject({ code: "cooling_off_ended", status: 409 });

    const funded = await buy(5, { totalShares: 5 });
    expect((await prisma().property.findUniqueOrThrow({ where: { id: funded.property.id } })).propertyStatus).toBe("funded");
    const refused = await appClient(() => app).post(`/dashboard/transactions/${funded.transactionId}`, funded.cookie, {
      intent: "cancel-purchase",
    });
    expect((await flashedToasts(refused))[0]).toMatchObject({
      title: "Cannot Cancel",
      description: expect.stringContaining("raise has closed"),
    });
    const fundedPurchase = await prisma().transaction.findUniqueOrThrow({ where: { id: funded.transactionId } });
    expect(await wallet(funded.investor.id)).toBe(fundedPurchase.amount.plus(fundedPurchase.fee).negated().plus(100000).toFixed(2));
    expect(fundedPurchase.status).toBe("completed");
    // Where the button was, the page says why it is gone.
    const fundedPage = await (await appClient(() => app).get(`/dashboard/transactions/${funded.transactionId}`, funded.cookie)).text();
    expect(fundedPage).toContain("The raise has closed, so this purchase can no longer be cancelled");
    expect(fundedPage).not.toContain("Cancel Purchase</button>");

    const stranger = await createUser(prisma(), { kycStatus: "approved", subscriptionActive: true, tier: "small_investor" });
    const strangerCookie = await createSession(prisma(), stranger.id, { production: true });
    const notTheirs = await appClient(() => app).post(`/dashboard/transactions/${late.transactionId}`, strangerCookie, {
      intent: "cancel-purchase",
    });
    expect((await flashedToasts(notTheirs))[0]).toMatchObject({ title: "Cannot Cancel", description: "Purchase not found" });
    expect((await prisma().transaction.findUniqueOrThrow({ where: { id: late.transactionId } })).status).toBe("completed");
    expect(await checkInvariants(prisma())).toEqual([]);
  });
});

describe("the history's list", () => {
  it("sends the page only what the list shows: the purchase's line and wallet figure, not its journal, fee or the property's terms", async () => {
    const { property, transactionId, cookie } = await buy(2);
    const transaction = await prisma().transaction.findUniqueOrThrow({ where: { id: transactionId } });
    const html = await (await appClient(() => app).get("/dashboard/transactions", cookie)).text();
    // The list's line, the id its link opens and the wallet figure are there.
    expect(html).toContain(`Invested in ${property.title} · 2 shares`);
    expect(html).toContain(`/dashboard/transactions/${transactionId}`);
    const walletEffect = transaction.amount.plus(transaction.fee).negated().toFixed(2);
    // The hydration data is a JSON text inside a script, its quotes escaped.
    const inData = (value: string) => html.includes(`\\"${value}\\"`);
    expect(inData(walletEffect)).toBe(true);
    // The rest of the row is the details dialog's to read (getOwnTransaction), not this page's.
    expect(transaction.journalId).toBeTruthy();
    expect(html).not.toContain(transaction.journalId!);
    expect(inData("pricePerShare")).toBe(false);
    expect(inData("sharePrice")).toBe(false);
    expect(inData(transaction.fee.toFixed(2))).toBe(false);
  });
});
