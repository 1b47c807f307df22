import { beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../../app/domain/ledger/check-ledger.server";
import { getSessionUser } from "../../app/services/session.server";
import { createInvestor, createProperty, createSession, createUser, fundWallet } from "./factories";
import { useTestDatabase } from "./test-database";

const db = useTestDatabase();

beforeAll(() => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "factories-test-session-secret-0123456789ab";
});

describe("test factories", () => {
  it("make a first-sign-in profile with an empty wallet, or the profile a test asks for", async () => {
    const { prisma } = db.current;
    const plain = await prisma.userProfile.findUniqueOrThrow({ where: { id: (await createUser(prisma)).id }, include: { wallet: true } });
    expect(plain).toMatchObject({ tier: "explorer", subscriptionActive: false, kycStatus: "pending", isAdmin: false });
    expect(plain.trialExpiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(plain.wallet?.availableBalance.toFixed(2)).toBe("0.00");

    const admin = await createUser(prisma, {
      tier: "large_investor",
      subscriptionActive: true,
      kycStatus: "approved",
      isAdmin: true,
      wallet: false,
    });
    expect(admin).toMatchObject({ tier: "large_investor", subscriptionActive: true, kycStatus: "approved", isAdmin: true });
    expect(await prisma.escrowBalance.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("fund wallets through a balanced deposit journal", async () => {
    const { prisma } = db.current;
    const investor = await createInvestor(prisma, { balance: "2500.50" });
    await fundWallet(prisma, investor.id, "499.50");
    const wallet = await prisma.escrowBalance.findUniqueOrThrow({ where: { userId: investor.id } });
    expect(wallet.availableBalance.toFixed(2)).toBe("3000.00");
    const journals = await prisma.ledgerJournal.findMany({ where: { postings: { some: { account: { userId: investor.id } } } } });
    expect(journals.map((journal) => journal.kind)).toEqual(["deposit", "deposit"]);
    expect(await checkLedger(prisma)).toEqual([]);
    expect(investor).toMatchObject({ kycStatus: "approved", subscriptionActive: true, tier: "waitlist_player" });
  });

  it("make an open property whose minimum is one share", async () => {
    const property = await createProperty(db.current.prisma, { sharePrice: "2500", totalShares: 40 });
    expect(property).toMatchObject({ propertyStatus: "open", totalShares: 40, availableShares: 40 });
    expect(property.minimumInvestment.toFixed(2)).toBe("2500.00");
  });

  it("sign a user in with a cookie the app accepts", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma, { email: "cookie@example.in" });
    const cookie = await createSession(prisma, user.id);
    expect(cookie).toMatch(/^aangan_session=[^;]+$/);
    const signedIn = await getSessionUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    expect(signedIn?.email).toBe("cookie@example.in");
  });
});
