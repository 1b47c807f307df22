import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { checkLedger } from "~/domain/ledger/check-ledger.server";
import { createInvestor, createOpenProperty, newKey, walletBalance } from "./purchase-test-helpers";
import { purchaseJournalKey, purchaseShares, type PurchaseReceipt } from "./purchase-shares.server";
import { PurchaseError } from "./purchase-errors.server";
import { untilBlockedBy } from "#tests/kit/lock-wait";

const db = useTestDatabase();

afterEach(async () => {
  expect(await checkLedger(db.current.prisma)).toEqual([]);
});

type Outcome = { ok: true; receipt: PurchaseReceipt } | { ok: false; error: unknown };

async function settle(attempts: Promise<PurchaseReceipt>[]): Promise<Outcome[]> {
  return Promise.all(
    attempts.map((attempt) =>
      attempt.then(
        (receipt): Outcome => ({ ok: true, receipt }),
        (error: unknown): Outcome => ({ ok: false, error }),
      ),
    ),
  );
}

function refusalCodes(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (outcome.ok) continue;
    // Anything but a PurchaseError would be a raw failure reaching the user (a 500).
    expect(outcome.error).toBeInstanceOf(PurchaseError);
    const code = (outcome.error as PurchaseError).code;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

describe("purchaseShares under concurrency", () => {
  it("sells the last 100 shares exactly once to 200 racing buyers", { timeout: 120_000 }, async () => {
    const { prisma } = db.current;
    const property = await createOpenProperty(prisma, { sharePrice: "1000", totalShares: 500, availableShares: 100 });
    const buyers = [];
    for (let i = 0; i < 200; i++) buyers.push(await createInvestor(prisma, { balance: "5000" }));

    const outcomes = await settle(
      buyers.map((buyer) => purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() })),
    );

    const sold = outcomes.filter((o) => o.ok).length;
    expect(sold).toBe(100);
    const refusals = refusalCodes(outcomes);
    // Losers either met the empty property in the queue or found it already funded.
    expect(Object.keys(refusals).every((code) => code === "shares_unavailable" || code === "property_not_open")).toBe(true);

    const after = await prisma.property.findUniqueOrThrow({ where: { id: property.id } });
    expect([after.availableShares, after.propertyStatus, after.fundedAmount.toFixed(2)]).toEqual([0, "funded", "100000.00"]);
    expect(await prisma.investment.count({ where: { propertyId: property.id } })).toBe(100);
    const positions = await prisma.userPropertyPosition.aggregate({ where: { propertyId: property.id }, _sum: { shares: true } });
    expect(positions._sum.shares).toBe(100);
    expect(await prisma.escrowBalance.count({ where: { availableBalance: "3980" } })).toBe(100);
    expect(await prisma.escrowBalance.count({ where: { availableBalance: "5000" } })).toBe(100);
  });

  it("never overdraws one wallet buying on many properties at once", { timeout: 60_000 }, async () => {
    const { prisma } = db.current;
    const cost = 1020; // one ₹1,000 share plus the 2% fee
    const balance = 7 * cost + 500;
    const buyer = await createInvestor(prisma, { balance: String(balance) });
    const properties = [];
    for (let i = 0; i < 30; i++) properties.push(await createOpenProperty(prisma, { sharePrice: "1000", title: `Plot ${i}` }));

    const outcomes = await settle(
      properties.map((property) =>
        purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() }),
      ),
    );

    const successes = outcomes.filter((o) => o.ok).length;
    expect(successes).toBe(Math.floor(balance / cost));
    expect(refusalCodes(outcomes)).toEqual({ insufficient_balance: 30 - successes });
    expect(await walletBalance(prisma, buyer.id)).toBe((balance - successes * cost).toFixed(2));
    expect(await prisma.transaction.count({ where: { userId: buyer.id } })).toBe(successes);
  });

  it("never overdraws one wallet buying the same property many times at once", { timeout: 60_000 }, async () => {
    const { prisma } = db.current;
    const buyer = await createInvestor(prisma, { balance: "25000" });
    const property = await createOpenProperty(prisma, { sharePrice: "1000" });
    const outcomes = await settle(
      Array.from({ length: 40 }, () =>
        purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 3, idempotencyKey: newKey() }),
      ),
    );
    const successes = outcomes.filter((o) => o.ok).length;
    expect(successes).toBe(Math.floor(25000 / 3060));
    expect(refusalCodes(outcomes)).toEqual({ insufficient_balance: 40 - successes });
    expect(await walletBalance(prisma, buyer.id)).toBe((25000 - successes * 3060).toFixed(2));
  });

  it("gives 20 parallel submits with one idempotency key exactly one effect", { timeout: 60_000 }, async () => {
    const { prisma } = db.current;
    const buyer = await createInvestor(prisma, { balance: "100000" });
    const property = await createOpenProperty(prisma, { sharePrice: "1000" });
    const key = newKey();

    const outcomes = await settle(
      Array.from({ length: 20 }, () =>
        purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 2, idempotencyKey: key }),
      ),
    );

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(refusalCodes(outcomes)).toEqual({ duplicate: 19 });
    for (const outcome of outcomes) {
      if (!outcome.ok) expect((outcome.error as Error).message).toBe("This transaction is already being processed.");
    }
    expect(await walletBalance(prisma, buyer.id)).toBe("97960.00");
    expect(await prisma.transaction.count({ where: { idempotencyKey: key } })).toBe(1);
    expect(await prisma.ledgerJournal.count({ where: { idempotencyKey: purchaseJournalKey(buyer.id, key) } })).toBe(1);
    expect(await prisma.investment.count({ where: { userId: buyer.id } })).toBe(1);
    expect((await prisma.property.findUniqueOrThrow({ where: { id: property.id } })).availableShares).toBe(998);
  });

  it("lets one idempotency key win once even when its submits name different properties", { timeout: 60_000 }, async () => {
    const { prisma } = db.current;
    const buyer = await createInvestor(prisma, { balance: "100000" });
    const properties = [];
    for (let i = 0; i < 10; i++) properties.push(await createOpenProperty(prisma, { sharePrice: "1000", title: `Tower ${i}` }));
    const key = newKey();
    const outcomes = await settle(
      properties.map((property) => purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: key })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(refusalCodes(outcomes)).toEqual({ duplicate: 9 });
    expect(await walletBalance(prisma, buyer.id)).toBe("98980.00");
    const ids = properties.map((p) => p.id);
    expect(await prisma.property.count({ where: { id: { in: ids }, availableShares: 999 } })).toBe(1);
  });

  it(
    "keeps the property's row lock only for its last step: a buyer stuck on their own wallet blocks no other buyer",
    { timeout: 60_000 },
    async () => {
      const { prisma, url } = db.current;
      const property = await createOpenProperty(prisma, { sharePrice: "1000", totalShares: 100, availableShares: 100 });
      const stuck = await createInvestor(prisma, { balance: "5000" });
      const other = await createInvestor(prisma, { balance: "5000" });
      // A first purchase creates the property's ledger accounts, as any earlier sale would have.
      const first = await createInvestor(prisma, { balance: "5000" });
      await purchaseShares(prisma, { userId: first.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
      // Another transaction holds the first buyer's wallet row, so their purchase waits on it.
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query("BEGIN");
        await blocker.query("SELECT 1 FROM escrow_balances WHERE user_id = $1 FOR UPDATE", [stuck.id]);
        const stuckPurchase = purchaseShares(prisma, { userId: stuck.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });
        expect(await untilBlockedBy(blocker)).toBe(1);

        // Had the purchase locked the property first, this one would queue behind the stuck one.
        const otherReceipt = await Promise.race([
          purchaseShares(prisma, { userId: other.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() }),
          new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 5_000)),
        ]);
        expect(otherReceipt).not.toBe("blocked");
        expect(otherReceipt).toMatchObject({ availableSharesLeft: 98 });

        await blocker.query("COMMIT");
        expect((await stuckPurchase).availableSharesLeft).toBe(97);
      } finally {
        await blocker.end();
      }
    },
  );

  it(
    "takes a trading property's row before the buyer's, as the market does, so a listing and a purchase of it cannot deadlock (ADR 0085)",
    { timeout: 60_000 },
    async () => {
      const { prisma, url } = db.current;
      const property = await createOpenProperty(prisma, { sharePrice: "1000", totalShares: 100, availableShares: 100 });
      await prisma.property.update({ where: { id: property.id }, data: { sharesSellable: true } });
      const buyer = await createInvestor(prisma, { balance: "5000" });
      // The buyer already holds shares, so their position row exists for the market to lock.
      await purchaseShares(prisma, { userId: buyer.id, propertyId: property.id, shares: 1, idempotencyKey: newKey() });

      // Two raw connections, no retries: a deadlock would fail one of them with 40P01.
      const market = new pg.Client({ connectionString: url });
      const purchase = new pg.Client({ connectionString: url });
      await Promise.all([market.connect(), purchase.connect()]);
      try {
        // A listing's first step: the property FOR SHARE (the exit guard, tradingStoppedForExit).
        await market.query("BEGIN");
        await market.query("SELECT id FROM properties WHERE id = $1 FOR SHARE", [property.id]);
        const bought = purchase.query(
          `SELECT r.available_shares FROM properties p,
                  LATERAL purchase_shares($1::uuid, p.id, 1, $3, $4, p.share_price, p.minimum_investment, p.maximum_investment,
                    p.title, p.share_price, round(p.share_price * 0.02, 2), 'race', 'race') r
            WHERE p.id = $2`,
          [buyer.id, property.id, newKey(), `race-journal:${newKey()}`],
        );
        expect(await untilBlockedBy(market)).toBe(1);
        // Its next step: the seller's position. Had the purchase taken the buyer's position and
        // wallet before the property, each would now wait for the other.
        await market.query("SELECT shares FROM user_property_positions WHERE user_id = $1 AND property_id = $2 FOR UPDATE", [
          buyer.id,
          property.id,
        ]);
        await market.query("COMMIT");
        expect((await bought).rows[0]).toEqual({ available_shares: 98 });
      } finally {
        await Promise.all([market.end(), purchase.end()]);
      }
    },
  );
});
