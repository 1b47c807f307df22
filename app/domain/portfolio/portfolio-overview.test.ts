import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createInvestor, createProperty, newIdempotencyKey } from "../../../tests/setup/factories";
import { purchaseShares } from "~/domain/investing/purchase-shares.server";
import { getPortfolioOverview } from "./portfolio-overview.server";
import { listInvestedProperties, listInvestedPropertiesPage, SIDEBAR_PROPERTIES } from "./invested-properties.server";
import { listOpenPositions } from "./positions.server";
import { propertyCategory } from "~/domain/properties/property-display";
import { dailyCumulativeSeries } from "~/lib/portfolio/cumulative-series";
import { Decimal } from "~/lib/money";
import { describeXirr, xirr, type CashFlow } from "~/lib/portfolio/xirr";

const db = useTestDatabase();

describe("getPortfolioOverview", () => {
  it("reads the same positions as the sidebar and values them at today's share price", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const villa = await createProperty(prisma, { title: "Goa Villa", propertyType: "villa", sharePrice: "1000" });
    const office = await createProperty(prisma, { title: "BKC Office", propertyType: "office", sharePrice: "2000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: villa.id, shares: 3, idempotencyKey: newIdempotencyKey() });
    await purchaseShares(prisma, { userId: investor.id, propertyId: office.id, shares: 2, idempotencyKey: newIdempotencyKey() });
    // The villa's price rises after the purchase.
    await prisma.property.update({ where: { id: villa.id }, data: { sharePrice: "1250" } });

    const overview = await getPortfolioOverview(prisma, investor.id);
    // What was paid, the 2% platform fee included (ADR 0046): 3,000 + 60 and 4,000 + 80.
    expect(overview.totals).toEqual({
      totalInvestment: "7140.00",
      currentValue: "7750.00",
      unrealised: "610.00",
      realised: "0.00",
      distributions: "0.00",
      lifetimeReturn: "610.00",
      activeProperties: 2,
    });
    expect(overview.distribution).toEqual({ residential: 1, commercial: 1, mixed: 0 });
    expect(overview.series).toHaveLength(365);
    expect(overview.series.at(-1)?.total).toBe(7000);
    // Everything happened today: no time has passed to annualise over.
    expect(overview.annualisedReturn.kind).not.toBe("rate");

    const sidebar = await listInvestedProperties(prisma, investor.id);
    expect(sidebar.map((entry) => entry.title)).toEqual(["BKC Office", "Goa Villa"]);
  });

  it("is all zeros with no chart for someone who never invested", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "1000" });
    const overview = await getPortfolioOverview(prisma, investor.id);
    expect(overview.totals.activeProperties).toBe(0);
    expect(overview.totals.currentValue).toBe("0.00");
    expect(overview.series).toEqual([]);
    expect(overview.annualisedReturn).toEqual({ kind: "not-enough-history" });
  });

  it("annualises over a purchase a year ago and today's value", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const flat = await createProperty(prisma, { propertyType: "apartment", sharePrice: "1000", minimumInvestment: "1000" });
    await purchaseShares(prisma, { userId: investor.id, propertyId: flat.id, shares: 10, idempotencyKey: newIdempotencyKey() });
    const now = new Date();
    const yearAgo = new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000);
    await prisma.transaction.updateMany({
      where: { userId: investor.id, transactionType: "investment" },
      data: { createdAt: yearAgo, fee: "0" },
    });
    await prisma.property.update({ where: { id: flat.id }, data: { sharePrice: "1100" } });

    const overview = await getPortfolioOverview(prisma, investor.id, now);
    expect(overview.annualisedReturn.kind).toBe("rate");
    if (overview.annualisedReturn.kind === "rate") expect(overview.annualisedReturn.rate).toBeCloseTo(0.1, 4);
  });

  it("counts a holding under its property's type as it is now, after the type changes (ADR 0112)", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const villa = await createProperty(prisma, { propertyType: "villa", sharePrice: "1000" });
    const office = await createProperty(prisma, { propertyType: "office", sharePrice: "1000" });
    for (const property of [villa, office]) {
      await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 1, idempotencyKey: newIdempotencyKey() });
    }
    const distribution = async () => (await getPortfolioOverview(prisma, investor.id)).distribution;
    expect(await distribution()).toEqual({ residential: 1, commercial: 1, mixed: 0 });

    await prisma.property.update({ where: { id: office.id }, data: { propertyType: "mixed" } });
    expect(await distribution()).toEqual({ residential: 1, commercial: 0, mixed: 1 });
    await prisma.property.update({ where: { id: villa.id }, data: { propertyType: "retail", title: "Villa Arcade" } });
    expect(await distribution()).toEqual({ residential: 0, commercial: 1, mixed: 1 });
    expect((await listInvestedPropertiesPage(prisma, investor.id)).properties.map((entry) => entry.title)).toContain("Villa Arcade");
  });
});

describe("getPortfolioOverview with a long history (ADR 0038)", () => {
  it("sums in SQL exactly what the per-row computation gives, and aggregating flows per day keeps the displayed rate", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "1000" });
    const types = ["villa", "office", "retail", "apartment", "industrial", "mixed"] as const;
    const properties = [];
    for (const [i, propertyType] of types.entries()) {
      properties.push(await createProperty(prisma, { title: `Long ${i}`, propertyType, sharePrice: `${1000 + i * 137}.35` }));
    }
    const ids = properties.map((property) => property.id);
    const now = new Date("2026-11-20T10:30:00Z");
    // 1,500 purchases every ~11 hours back over ~1.9 years (several per day, some before the
    // chart's window), at uneven prices and fees, plus sales and dividends.
    await prisma.$executeRaw`
      WITH bought AS (
        SELECT g, (${ids}::text[])[1 + (g * 7) % 6] AS property_id, ${now}::timestamptz - make_interval(mins => g * 661) AS at,
               (1 + g % 4) AS shares, (1000 + (g * 37) % 900)::numeric + 0.15 AS price, ((g * 13) % 50)::numeric + 0.05 AS fee
          FROM generate_series(1, 1500) AS g
      ), tx AS (
        INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, shares, price_per_share, description, created_at)
        SELECT ${investor.id}::uuid, property_id, 'investment', 'completed', shares * price, fee, shares, price, 'test', at FROM bought
        RETURNING id, property_id, created_at, shares, price_per_share, amount
      )
      INSERT INTO investments (user_id, property_id, shares_owned, price_per_share, total_investment, investment_date, transaction_id)
      SELECT ${investor.id}::uuid, property_id, shares, price_per_share, amount, created_at, id FROM tx`;
    await prisma.$executeRaw`
      INSERT INTO transactions (user_id, property_id, transaction_type, status, amount, fee, description, created_at)
      SELECT ${investor.id}::uuid, (${ids}::text[])[1 + g % 6], CASE WHEN g % 2 = 0 THEN 'dividend' ELSE 'share_sale' END::transaction_type,
             'completed', (500 + g * 3)::numeric + 0.45, CASE WHEN g % 2 = 0 THEN 0 ELSE 5 END, 'test',
             ${now}::timestamptz - make_interval(mins => g * 1997)
        FROM generate_series(1, 300) AS g`;
    await prisma.$executeRaw`
      INSERT INTO user_property_positions (user_id, property_id, shares, cost_basis, avg_price)
      SELECT user_id, property_id, sum(shares_owned), sum(total_investment), 1000 FROM investments
       WHERE user_id = ${investor.id}::uuid GROUP BY user_id, property_id`;

    const overview = await getPortfolioOverview(prisma, investor.id, now);

    // The per-row computation: every purchase's price and fee, today's price, every dividend (ADR 0046).
    const positions = await listOpenPositions(prisma, investor.id);
    const bought = await prisma.transaction.findMany({ where: { userId: investor.id, transactionType: "investment" } });
    const paidIn = await prisma.transaction.findMany({ where: { userId: investor.id, transactionType: "dividend" } });
    const invested = bought.reduce((sum, row) => sum.plus(row.amount).plus(row.fee), new Decimal(0));
    const value = positions.reduce((sum, row) => sum.plus(new Decimal(row.sharePrice).times(row.shares)), new Decimal(0));
    const dividends = paidIn.reduce((sum, row) => sum.plus(row.amount).minus(row.fee), new Decimal(0));
    expect(overview.totals).toEqual({
      totalInvestment: invested.toFixed(2),
      currentValue: value.toFixed(2),
      unrealised: value.minus(invested).toFixed(2),
      realised: "0.00",
      distributions: dividends.toFixed(2),
      lifetimeReturn: value.minus(invested).plus(dividends).toFixed(2),
      activeProperties: 6,
    });
    const distribution = { residential: 0, commercial: 0, mixed: 0 };
    for (const position of positions) distribution[propertyCategory(position.propertyType)] += 1;
    expect(overview.distribution).toEqual(distribution);
    expect(overview.totals.activeProperties).toBe(6);

    const investments = await prisma.investment.findMany({ where: { userId: investor.id, investmentStatus: "confirmed" } });
    expect(investments).toHaveLength(1500);
    expect(overview.series).toEqual(
      dailyCumulativeSeries(
        investments.map((row) => ({ date: row.investmentDate, amount: row.totalInvestment })),
        now,
      ),
    );
    expect(overview.series).toHaveLength(365);

    const rows = await prisma.transaction.findMany({ where: { userId: investor.id, status: "completed" } });
    const flows: CashFlow[] = rows.map((row) => ({
      date: row.createdAt,
      amount: ["investment", "share_purchase", "fee"].includes(row.transactionType)
        ? -row.amount.plus(row.fee).toNumber()
        : row.amount.minus(row.fee).toNumber(),
    }));
    flows.push({ date: now, amount: Number(overview.totals.currentValue) });
    const perRow = xirr(flows);
    expect(perRow.kind).toBe("rate");
    expect(overview.annualisedReturn.kind).toBe("rate");
    if (perRow.kind === "rate" && overview.annualisedReturn.kind === "rate") {
      expect(Math.abs(overview.annualisedReturn.rate - perRow.rate)).toBeLessThan(1e-5);
    }
    expect(describeXirr(overview.annualisedReturn)).toBe(describeXirr(perRow));
  });
});

describe("listInvestedPropertiesPage (ADR 0038)", () => {
  it("gives the sidebar the first holdings by title and how many there are; null gives them all", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "1000" });
    const letters = "OLNMKJIHGFEDCBA".split("");
    for (const letter of letters) {
      const property = await createProperty(prisma, { title: `Holding ${letter}` });
      await prisma.userPropertyPosition.create({
        data: { userId: investor.id, propertyId: property.id, shares: 1, costBasis: "10000", avgPrice: "10000" },
      });
    }
    const sold = await createProperty(prisma, { title: "Holding 0 sold" });
    await prisma.userPropertyPosition.create({
      data: { userId: investor.id, propertyId: sold.id, shares: 0, costBasis: "0", avgPrice: "0" },
    });

    const first = await listInvestedPropertiesPage(prisma, investor.id);
    expect(SIDEBAR_PROPERTIES).toBe(12);
    expect(first.total).toBe(15);
    expect(first.properties.map((entry) => entry.title)).toEqual(
      [...letters]
        .sort()
        .slice(0, 12)
        .map((letter) => `Holding ${letter}`),
    );
    const all = await listInvestedPropertiesPage(prisma, investor.id, { all: true });
    expect(all.total).toBe(15);
    expect(all.properties).toEqual(await listInvestedProperties(prisma, investor.id));
    expect(await listInvestedPropertiesPage(prisma, (await createInvestor(prisma)).id)).toEqual({ properties: [], total: 0 });
  });

  it("follows a renamed property at once, in its title and its place (ADR 0112)", async () => {
    const prisma = db.current.prisma;
    const investor = await createInvestor(prisma, { balance: "100000" });
    const titles = ["Alpha Court", "Bravo Heights", "Charlie Plaza"];
    const [alpha] = await Promise.all(titles.map((title) => createProperty(prisma, { title, sharePrice: "1000" })));
    for (const property of await prisma.property.findMany({ where: { title: { in: titles } } })) {
      await purchaseShares(prisma, { userId: investor.id, propertyId: property.id, shares: 1, idempotencyKey: newIdempotencyKey() });
    }
    const titlesShown = async () => (await listInvestedPropertiesPage(prisma, investor.id)).properties.map((entry) => entry.title);
    expect(await titlesShown()).toEqual(titles);

    await prisma.property.update({ where: { id: alpha!.id }, data: { title: "Zulu Towers" } });
    expect(await titlesShown()).toEqual(["Bravo Heights", "Charlie Plaza", "Zulu Towers"]);
    await prisma.property.update({ where: { id: alpha!.id }, data: { title: "Bravo Annex" } });
    expect(await titlesShown()).toEqual(["Bravo Annex", "Bravo Heights", "Charlie Plaza"]);
    expect((await listInvestedPropertiesPage(prisma, investor.id, { all: true })).properties).toEqual(
      await listInvestedProperties(prisma, investor.id),
    );
  });
});
