import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { platformCash, userAvailable } from "../../app/domain/ledger/accounts.server";
import { postJournal } from "../../app/domain/ledger/post-journal.server";
import { createInvestor, createOpenProperty, walletBalance } from "../../app/domain/investing/purchase-test-helpers";
import { reviewedTotal } from "#tests/setup/reviewed-total";
import { useTestDatabase } from "#tests/setup/test-database";
import { flashedToasts, formPost, pageRequest } from "#tests/kit/http";
import { loadRequestHandler, sessionCookieFor } from "#tests/kit/production-build";

/**
 * The investment page's answers, through the production build's request handler on a
 * real database: what a browser without JavaScript gets back for each outcome.
 */

const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "invest-outcomes-session-secret-0123456789abc";
  handle = await loadRequestHandler();
});

type Investor = Awaited<ReturnType<typeof createInvestor>>;

async function signedIn(options: Parameters<typeof createInvestor>[1] & { tier?: "small_investor" | "waitlist_player" } = {}) {
  const prisma = db.current.prisma;
  const user: Investor = await createInvestor(prisma, options);
  if (options.tier) await prisma.userProfile.update({ where: { id: user.id }, data: { tier: options.tier } });
  return { user, cookie: await sessionCookieFor(user.id) };
}

// Every property here costs ₹10,000 a share; the confirm carries the total its review showed.
function purchaseForm(propertyId: string, shares: string, extra: Record<string, string> = {}) {
  const total = /^\d+$/.test(shares) ? reviewedTotal(shares, "10000") : "0";
  return { propertyId, shares, idempotencyKey: randomUUID(), intent: "purchase", acknowledgeRisk: "on", reviewedTotal: total, ...extra };
}

const investmentCount = (userId: string) => db.current.prisma.investment.count({ where: { userId } });

describe("eligibility comes before the amount rules", () => {
  it.each([
    ["a negative share count", "-3"],
    ["an amount below the minimum", "1"],
    ["more than the empty wallet holds", "2"],
  ])("an unverified investor who typed %s hears 'KYC Required' and goes to /kyc", async (_case, shares) => {
    const { user, cookie } = await signedIn({ kycStatus: "under_review", balance: "0" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000", minimumInvestment: "20000" });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, shares)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/kyc");
    expect(await flashedToasts(response)).toEqual([
      expect.objectContaining({
        kind: "error",
        title: "KYC Required",
        description: "KYC approval required. Please complete your verification.",
      }),
    ]);
    expect(await investmentCount(user.id)).toBe(0);
  });

  it("a verified investor with a bad amount still gets the field's message", async () => {
    const { cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000", minimumInvestment: "20000" });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "1")));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Minimum investment is ₹20,000");
  });
});

describe("a low balance found by the purchase itself", () => {
  /**
   * The page's rules pass on the balance the action read; then, while the purchase waits
   * for the property's row lock, the wallet is spent elsewhere. The purchase decides on
   * the committed balance and refuses.
   */
  async function purchaseWhileWalletIsSpent(user: Investor, cookie: string): Promise<Response> {
    const prisma = db.current.prisma;
    const property = await createOpenProperty(prisma, { sharePrice: "10000" });
    let answer: Promise<Response> | undefined;
    await prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM properties WHERE id = ${property.id} FOR UPDATE`;
        answer = handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "2")));
        await waitForLockWaiter();
        await postJournal(tx, {
          kind: "withdrawal",
          description: "Spent elsewhere while the purchase waited",
          postings: [
            { account: userAvailable(user.id), amount: "-10000" },
            { account: platformCash, amount: "10000" },
          ],
        });
      },
      { timeout: 20_000 },
    );
    return answer!;
  }

  async function waitForLockWaiter() {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [row] = await db.current.prisma.$queryRaw<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      if (row!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the purchase never waited for the property lock");
  }

  it.each([
    ["small_investor", "/dashboard/wallet"],
    ["waitlist_player", "/waitlist-dashboard/wallet"],
  ] as const)("sends a %s to their own wallet page (%s) with the spec's notice", async (tier, wallet) => {
    const { user, cookie } = await signedIn({ balance: "20400", tier });
    const response = await purchaseWhileWalletIsSpent(user, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(wallet);
    expect(await flashedToasts(response)).toEqual([
      expect.objectContaining({
        kind: "error",
        title: "Insufficient Balance",
        description: "Insufficient wallet balance. Please add funds.",
      }),
    ]);
    expect(await investmentCount(user.id)).toBe(0);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("10400.00");
  });
});

describe("a wallet already short when the form is sent", () => {
  it("gets the same notice and the wallet page, not a field error", async () => {
    const { user, cookie } = await signedIn({ balance: "10000", tier: "small_investor" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "1")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/wallet");
    expect(await flashedToasts(response)).toEqual([expect.objectContaining({ title: "Insufficient Balance" })]);
    expect(await investmentCount(user.id)).toBe(0);
  });

  it("still shows the field's words when only recalculating", async () => {
    const { cookie } = await signedIn({ balance: "10000", tier: "small_investor" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "1", { intent: "calculate" })));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("You don&#x27;t have enough balance in your wallet");
  });
});

describe("what the form may ask for", () => {
  it.each([
    ["no intent", {}],
    ["an unknown intent", { intent: "request-upgrade" }],
  ])("buys nothing for %s", async (_case, intent) => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const form: Record<string, string> = { ...purchaseForm(property.id, "1"), ...intent };
    if (!("intent" in intent)) delete form.intent;
    const response = await handle(formPost(`/invest/${property.id}`, cookie, form));
    expect(response.status).toBe(400);
    expect(await investmentCount(user.id)).toBe(0);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("100000.00");
  });

  it("buys nothing when the form's property is not the one in the address", async () => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const inAddress = await createOpenProperty(db.current.prisma, { sharePrice: "10000", title: "Address Tower" });
    const inForm = await createOpenProperty(db.current.prisma, { sharePrice: "10000", title: "Form Tower" });
    const response = await handle(formPost(`/invest/${inAddress.id}`, cookie, purchaseForm(inForm.id, "1")));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This form is for another property. Please reload the page and try again.");
    expect(await investmentCount(user.id)).toBe(0);
  });

  it("lets another user's idempotency key neither block nor replay a purchase", async () => {
    const first = await signedIn({ balance: "100000" });
    const second = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const form = purchaseForm(property.id, "1");
    const bought = await handle(formPost(`/invest/${property.id}`, first.cookie, form));
    expect(bought.headers.get("Location")).toBe("/dashboard/overview");
    const theirs = await handle(formPost(`/invest/${property.id}`, second.cookie, form));
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("Location")).toBe("/dashboard/overview");
    expect(await investmentCount(second.user.id)).toBe(1);
    const replay = await handle(formPost(`/invest/${property.id}`, first.cookie, form));
    expect(replay.status).toBe(409);
    expect(await replay.text()).toContain("This transaction is already being processed.");
    expect(await investmentCount(first.user.id)).toBe(1);
  });
});

describe("the review step before money moves", () => {
  it("Invest Now (review) shows the server's totals and buys nothing", async () => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000", title: "Review Towers" });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "2", { intent: "review" })));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Review your investment");
    expect(html).toContain("Confirm and pay ₹20,400");
    // Wallet after: ₹1,00,000 − ₹20,400.
    expect(html).toContain("₹79,600");
    expect(await investmentCount(user.id)).toBe(0);
  });

  it("Confirm without the risk acknowledgement is refused with the review kept, and buys nothing", async () => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const form = purchaseForm(property.id, "1");
    delete (form as Partial<typeof form>).acknowledgeRisk;
    const response = await handle(formPost(`/invest/${property.id}`, cookie, form));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please confirm that you have read the risk disclosure.");
    expect(html).toContain("Review your investment");
    expect(await investmentCount(user.id)).toBe(0);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("100000.00");
  });

  it.each([
    ["a lower total typed into the confirm", { reviewedTotal: "1.00" }],
    ["more shares typed into the confirm", { shares: "3" }],
    ["the reviewed total removed", { reviewedTotal: "" }],
    ["a total that is not an amount", { reviewedTotal: "1e5" }],
  ])("a hand-edited confirm (%s) is refused with the true review shown, and buys nothing", async (_case, edit) => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    // The review of 2 shares said "Confirm and pay ₹20,400"; the posted confirm was edited.
    const form = { ...purchaseForm(property.id, "2"), ...edit };
    const response = await handle(formPost(`/invest/${property.id}`, cookie, form));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The amount to pay is not the one you reviewed. Please check the new review and confirm again.");
    // The review shown again is the server's, for the quantity posted.
    expect(html).toContain(`Confirm and pay ${form.shares === "3" ? "₹30,600" : "₹20,400"}`);
    expect(await investmentCount(user.id)).toBe(0);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("100000.00");
  });

  it("a price that moved after the review is refused at the confirm, and the new review shows the new total", async () => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    const reviewed = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "2", { intent: "review" })));
    expect(await reviewed.text()).toContain("Confirm and pay ₹20,400");
    await db.current.prisma.property.update({ where: { id: property.id }, data: { sharePrice: "11000" } });
    const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "2")));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Confirm and pay ₹22,440");
    expect(await investmentCount(user.id)).toBe(0);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("100000.00");
    // Confirming what the new review says goes through, for exactly that.
    const bought = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "2", { reviewedTotal: "22440.00" })));
    expect(bought.status).toBe(302);
    expect(await walletBalance(db.current.prisma, user.id)).toBe("77560.00");
  });

  it.each(["funded", "closed", "upcoming"] as const)("a %s property takes no review and no purchase", async (status) => {
    const { user, cookie } = await signedIn({ balance: "100000" });
    const property = await createOpenProperty(db.current.prisma, { sharePrice: "10000" });
    await db.current.prisma.property.update({ where: { id: property.id }, data: { propertyStatus: status } });
    for (const intent of ["review", "purchase"]) {
      const response = await handle(formPost(`/invest/${property.id}`, cookie, purchaseForm(property.id, "1", { intent })));
      expect(response.status).toBe(409);
    }
    expect(await investmentCount(user.id)).toBe(0);
  });
});

describe("a property that fails to load", () => {
  it("sends the visitor to /properties with 'Failed to Load Properties'; a missing one is still a 404", async () => {
    const { cookie } = await signedIn({ balance: "0" });
    const property = await createOpenProperty(db.current.prisma);
    const prisma = db.current.prisma;
    // A real failure of the property's own reads: the positions table is briefly gone.
    await prisma.$executeRawUnsafe("ALTER TABLE user_property_positions RENAME TO user_property_positions_away");
    let response: Response;
    try {
      response = await handle(pageRequest(`/invest/${property.id}`, cookie));
    } finally {
      await prisma.$executeRawUnsafe("ALTER TABLE user_property_positions_away RENAME TO user_property_positions");
    }
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/properties");
    expect(await flashedToasts(response)).toEqual([expect.objectContaining({ kind: "error", title: "Failed to Load Properties" })]);

    const missing = await handle(pageRequest("/invest/no-such-property", cookie));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Property Not Found");
  });
});

describe("/properties", () => {
  it("logs properties_view for a signed-in visitor, and nothing for an anonymous one", async () => {
    const { user, cookie } = await signedIn();
    const prisma = db.current.prisma;
    const before = await prisma.userEvent.count();
    expect((await handle(pageRequest("/properties", cookie))).status).toBe(200);
    expect(await prisma.userEvent.findMany({ where: { userId: user.id }, select: { eventName: true } })).toEqual([
      { eventName: "properties_view" },
    ]);
    expect((await handle(pageRequest("/properties"))).status).toBe(200);
    expect(await prisma.userEvent.count()).toBe(before + 1);
  });
});

describe("/dashboard/transactions", () => {
  it("pages through every transaction with plain links", async () => {
    const { user, cookie } = await signedIn({ tier: "small_investor" });
    const prisma = db.current.prisma;
    const start = Date.UTC(2026, 0, 1);
    await prisma.transaction.createMany({
      data: Array.from({ length: 130 }, (_, i) => ({
        userId: user.id,
        transactionType: "deposit" as const,
        amount: "1000",
        createdAt: new Date(start + i * 60_000),
      })),
    });
    const all = await prisma.transaction.findMany({ where: { userId: user.id }, select: { id: true } });
    const idsOn = (html: string) => new Set([...html.matchAll(/href="\/dashboard\/transactions\/([0-9a-f-]{36})/g)].map((m) => m[1]!));

    const seen = new Set<string>();
    let next: string | null = "/dashboard/transactions";
    let pages = 0;
    while (next) {
      const response = await handle(pageRequest(next, cookie));
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const id of idsOn(html)) seen.add(id);
      const nextLink = /<a [^>]*rel="next"[^>]*>/.exec(html)?.[0];
      next = nextLink ? /href="([^"]+)"/.exec(nextLink)![1]!.replace(/&amp;/g, "&") : null;
      pages += 1;
      expect(pages).toBeLessThan(20);
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(new Set(all.map((row) => row.id)));
  });
});
