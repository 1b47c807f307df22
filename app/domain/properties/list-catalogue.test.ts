import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/test-database";
import { createProperty, createUser } from "../../../tests/setup/factories";
import type { PrismaClient } from "~/services/db.server";
import { Decimal } from "~/lib/money";
import { parseCatalogueFilters, PRICE_BANDS } from "./catalogue-filters";
import { listCatalogue } from "./list-catalogue.server";
import { getPropertyForInvestment } from "./get-property-for-investment.server";
import { listPropertyDocuments } from "~/domain/admin/properties/property-documents.server";

const db = useTestDatabase();

type Seed = {
  title: string;
  totalValue: string;
  roi: string | null;
  type: "residential" | "villa" | "apartment" | "commercial" | "office" | "retail" | "mixed" | "industrial";
  status: "draft" | "upcoming" | "open" | "funded" | "closed";
};

function seedProperty(prisma: PrismaClient, seed: Seed, createdAt: Date) {
  return createProperty(prisma, {
    title: seed.title,
    city: "Mumbai",
    totalValue: seed.totalValue,
    sharePrice: "1000",
    totalShares: 100,
    minimumInvestment: "1000",
    expectedAnnualReturn: seed.roi,
    propertyType: seed.type,
    status: seed.status,
    createdAt,
  });
}

const seeds: Seed[] = [
  { title: "A edge-low", totalValue: "4149999.99", roi: "4.99", type: "villa", status: "open" },
  { title: "B edge-mid", totalValue: "4150000", roi: "5", type: "apartment", status: "open" },
  { title: "C mid", totalValue: "8299999.99", roi: "6.99", type: "office", status: "funded" },
  { title: "D edge-high", totalValue: "8300000", roi: "7", type: "retail", status: "upcoming" },
  { title: "E high", totalValue: "25000000", roi: "8.99", type: "industrial", status: "closed" },
  { title: "F roi-9", totalValue: "1000000", roi: "9", type: "mixed", status: "open" },
  { title: "G no-roi", totalValue: "1000000", roi: null, type: "residential", status: "open" },
  { title: "H draft", totalValue: "1000000", roi: "8", type: "residential", status: "draft" },
];

const titles = async (query: string) =>
  (await listCatalogue(db.current.prisma, parseCatalogueFilters(new URLSearchParams(query)))).items.map((i) => i.title).sort();

describe("listCatalogue", () => {
  beforeAll(async () => {
    const base = Date.UTC(2026, 0, 1);
    for (const [index, seed] of seeds.entries()) await seedProperty(db.current.prisma, seed, new Date(base + index * 60_000));
  });

  it("lists every publicly visible property, never drafts", async () => {
    expect(await titles("")).toEqual(["A edge-low", "B edge-mid", "C mid", "D edge-high", "E high", "F roi-9", "G no-roi"]);
  });

  it("filters price bands on total value, lower bound inclusive", async () => {
    expect(await titles("price=under-41.5l")).toEqual(["A edge-low", "F roi-9", "G no-roi"]);
    expect(await titles("price=41.5l-83l")).toEqual(["B edge-mid", "C mid"]);
    expect(await titles("price=83l-plus")).toEqual(["D edge-high", "E high"]);
  });

  it.each(Object.entries(PRICE_BANDS))("returns for the %s band only properties whose value lies in it", async (band, { min, max }) => {
    const page = await listCatalogue(db.current.prisma, parseCatalogueFilters(new URLSearchParams({ price: band })));
    expect(page.items.length).toBeGreaterThan(0);
    for (const card of page.items) {
      const value = new Decimal(card.totalValue);
      expect(value.gte(min) && (max === null || value.lt(max)), `${card.title} (${card.totalValue})`).toBe(true);
    }
  });

  it("filters ROI bands on expected annual return", async () => {
    expect(await titles("roi=5-7")).toEqual(["B edge-mid", "C mid"]);
    expect(await titles("roi=7-9")).toEqual(["D edge-high", "E high"]);
    expect(await titles("roi=9-plus")).toEqual(["F roi-9"]);
  });

  it("filters by the spec's three property categories and combines filters", async () => {
    expect(await titles("type=residential")).toEqual(["A edge-low", "B edge-mid", "G no-roi"]);
    expect(await titles("type=commercial")).toEqual(["C mid", "D edge-high"]);
    expect(await titles("type=mixed")).toEqual(["E high", "F roi-9"]);
    expect(await titles("type=commercial&price=83l-plus&roi=7-9")).toEqual(["D edge-high"]);
  });

  it("ignores invalid filter values instead of failing", async () => {
    expect(await titles("price=free&roi=lots&type=castle&page=zero")).toHaveLength(7);
  });

  it("reports funding progress and the SOLD OUT label", async () => {
    const page = await listCatalogue(db.current.prisma, parseCatalogueFilters(new URLSearchParams("")));
    const funded = page.items.find((item) => item.title === "C mid")!;
    expect([funded.statusLabel, funded.fundingPercent, funded.fundingTone]).toEqual(["SOLD OUT", 100, "strong"]);
  });
});

describe("listCatalogue paging", () => {
  it("pages 12 at a time, newest first, without overlap, and clamps past the end", async () => {
    const { prisma } = db.current;
    await prisma.property.deleteMany({});
    const base = Date.UTC(2026, 1, 1);
    // Pairs share a timestamp, so the id tie-break is what keeps pages apart.
    for (let i = 0; i < 30; i++) {
      await seedProperty(
        prisma,
        { title: `P${String(i).padStart(2, "0")}`, totalValue: "1000000", roi: "8", type: "office", status: "open" },
        new Date(base + Math.floor(i / 2) * 1000),
      );
    }
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await listCatalogue(prisma, { page }));
    expect(pages.map((p) => p.items.length)).toEqual([12, 12, 6]);
    expect(pages.map((p) => [p.total, p.pageCount, p.page])).toEqual([
      [30, 3, 1],
      [30, 3, 2],
      [30, 3, 3],
    ]);
    const seen = pages.flatMap((p) => p.items.map((i) => i.title));
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toMatch(/^P2[89]$/);
    expect(seen.at(-1)).toMatch(/^P0[01]$/);
    const again = await listCatalogue(prisma, { page: 2 });
    expect(again.items.map((i) => i.id)).toEqual(pages[1]!.items.map((i) => i.id));
    const beyond = await listCatalogue(prisma, { page: 99 });
    expect([beyond.page, beyond.items.length]).toEqual([3, 6]);
  });

  it("counts confirmed investments only as raised", async () => {
    const { prisma } = db.current;
    const user = await createUser(prisma);
    const property = await seedProperty(
      prisma,
      { title: "Raised", totalValue: "1000000", roi: "8", type: "villa", status: "open" },
      new Date(Date.UTC(2030, 0, 1)),
    );
    const invest = (total: string, investmentStatus: "confirmed" | "pending") =>
      prisma.investment.create({
        data: { userId: user.id, propertyId: property.id, sharesOwned: 1, pricePerShare: total, totalInvestment: total, investmentStatus },
      });
    await invest("245000", "confirmed");
    await invest("500000", "pending");
    const page = await listCatalogue(prisma, { page: 1 });
    const card = page.items.find((i) => i.id === property.id)!;
    expect([card.raised, card.fundingPercent, card.fundingTone]).toEqual(["245000.00", 25, "early"]);
  });
});

/**
 * The catalogue's order, written out as the rule the page promises: open properties first,
 * then the chosen key (highest return, with none last; highest share sold), then newest, then
 * the id by code unit. The statement sorts in SQL; this is the reference it is held to.
 */
type OrderKeys = { id: string; status: string; createdAt: Date; roi: number | null; available: number; total: number };
function expectedOrder(rows: OrderKeys[], sort: "return" | "funded" | undefined): string[] {
  const sold = (row: OrderKeys) => (row.total > 0 ? (row.total - row.available) / row.total : 0);
  return [...rows]
    .sort((a, b) => {
      const open = Number(b.status === "open") - Number(a.status === "open");
      if (open !== 0) return open;
      if (sort === "return" && a.roi !== b.roi) return a.roi === null ? 1 : b.roi === null ? -1 : b.roi - a.roi;
      if (sort === "funded" && sold(a) !== sold(b)) return sold(b) - sold(a);
      const byAge = b.createdAt.getTime() - a.createdAt.getTime();
      if (byAge !== 0) return byAge;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((row) => row.id);
}

describe("listCatalogue's order and pages", () => {
  it("orders each sort and filter as the rule says, across every page, with ties on every key", async () => {
    const { prisma } = db.current;
    await prisma.investment.deleteMany({});
    await prisma.property.deleteMany({});
    const statuses = ["open", "funded", "upcoming", "closed", "draft"] as const;
    const returns = [null, "5.00", "7.50", "9.00"];
    const soldOf = [0, 1, 33, 50, 100];
    const base = Date.UTC(2026, 2, 1);
    // Deterministic variety: the keys cycle with co-prime periods, and three properties share each instant.
    for (let i = 0; i < 41; i++) {
      await createProperty(prisma, {
        id: `order-${String((i * 17) % 41).padStart(2, "0")}`,
        title: `Order ${i}`,
        city: i % 3 === 0 ? "Pune" : "Mumbai",
        totalValue: "1000000",
        sharePrice: "1000",
        totalShares: 100,
        availableShares: 100 - soldOf[i % soldOf.length]!,
        minimumInvestment: i % 2 === 0 ? "1000" : "30000",
        expectedAnnualReturn: returns[i % returns.length] ?? undefined,
        propertyType: i % 4 === 0 ? "office" : "villa",
        status: statuses[i % statuses.length],
        createdAt: new Date(base + Math.floor(i / 3) * 1000),
      });
    }
    const keys: OrderKeys[] = (await prisma.property.findMany()).map((row) => ({
      id: row.id,
      status: row.propertyStatus,
      createdAt: row.createdAt,
      roi: row.expectedAnnualReturn?.toNumber() ?? null,
      available: row.availableShares,
      total: row.totalShares,
    }));
    const visible = keys.filter((row) => row.status !== "draft");
    const pune = new Set((await prisma.property.findMany({ where: { city: "Pune" } })).map((row) => row.id));
    const offices = new Set((await prisma.property.findMany({ where: { propertyType: "office" } })).map((row) => row.id));
    const cheap = new Set((await prisma.property.findMany({ where: { minimumInvestment: { lt: 10000 } } })).map((row) => row.id));
    const cases = [
      { query: "", rows: visible },
      { query: "city=pUNE", rows: visible.filter((row) => pune.has(row.id)) },
      { query: "type=commercial&ticket=under-10k", rows: visible.filter((row) => offices.has(row.id) && cheap.has(row.id)) },
    ];
    for (const sort of [undefined, "return", "funded"] as const) {
      for (const { query, rows } of cases) {
        const filters = parseCatalogueFilters(new URLSearchParams(`${query}${sort ? `&sort=${sort}` : ""}`));
        const first = await listCatalogue(prisma, { ...filters, page: 1 });
        const shown: string[] = [];
        for (let page = 1; page <= first.pageCount; page++)
          shown.push(...(await listCatalogue(prisma, { ...filters, page })).items.map((i) => i.id));
        expect({ sort, query, total: first.total, shown }).toEqual({ sort, query, total: rows.length, shown: expectedOrder(rows, sort) });
      }
    }
    const none = await listCatalogue(prisma, parseCatalogueFilters(new URLSearchParams("city=Nowhere&page=4")));
    expect([none.total, none.page, none.pageCount, none.items]).toEqual([0, 1, 1, []]);
  });
});

describe("getPropertyForInvestment", () => {
  it("shows the viewer's wallet and holdings (the page's documents are the public ones, all to admins); drafts only to admins", async () => {
    const { prisma } = db.current;
    const viewer = await createUser(prisma);
    const admin = await createUser(prisma, { isAdmin: true });
    const property = await seedProperty(
      prisma,
      { title: "Docs", totalValue: "1000000", roi: "8", type: "villa", status: "open" },
      new Date(),
    );
    const draft = await seedProperty(
      prisma,
      { title: "Hidden", totalValue: "1000000", roi: "8", type: "villa", status: "draft" },
      new Date(),
    );
    for (const [name, isPublic] of [
      ["Deed", true],
      ["Internal", false],
    ] as const) {
      await prisma.propertyDocument.create({
        data: {
          propertyId: property.id,
          documentType: "property_deed",
          documentName: name,
          storageKey: `k/${name}`,
          fileSize: 10,
          mimeType: "application/pdf",
          isPublic,
        },
      });
    }
    await prisma.userPropertyPosition.create({
      data: { userId: viewer.id, propertyId: property.id, shares: 3, avgPrice: "1000", costBasis: "3000" },
    });

    const forViewer = await getPropertyForInvestment(prisma, property.id, { userId: viewer.id, isAdmin: false });
    expect(forViewer).not.toHaveProperty("documents");
    expect((await listPropertyDocuments(prisma, property.id, { isAdmin: false })).map((d) => d.documentName)).toEqual(["Deed"]);
    expect(forViewer?.wallet).toEqual({ availableBalance: "0.00" });
    expect(forViewer?.holdings).toEqual({ shares: 3, avgPrice: "1000.00", costBasis: "3000.00", currentValue: "3000.00" });

    const forAdmin = await getPropertyForInvestment(prisma, property.id, { userId: admin.id, isAdmin: true });
    expect(forAdmin?.property.title).toBe("Docs");
    expect((await listPropertyDocuments(prisma, property.id, { isAdmin: true })).map((d) => d.documentName).sort()).toEqual([
      "Deed",
      "Internal",
    ]);

    const anonymous = await getPropertyForInvestment(prisma, property.id, null);
    expect([anonymous?.wallet, anonymous?.holdings]).toEqual([null, null]);

    expect(await getPropertyForInvestment(prisma, draft.id, { userId: viewer.id, isAdmin: false })).toBeNull();
    expect(await getPropertyForInvestment(prisma, draft.id, { userId: admin.id, isAdmin: true })).not.toBeNull();
    expect(await getPropertyForInvestment(prisma, "missing", null)).toBeNull();
  });
});

describe("getPropertyForInvestment's one read", () => {
  it("gives every column the page shows as the property's row holds it: amounts to two places, days as dates, nulls kept", async () => {
    const { prisma } = db.current;
    const viewer = await createUser(prisma, { balance: "1234.5" });
    const described = await createProperty(prisma, { title: "Every Fact Court", status: "open" });
    await prisma.property.update({
      where: { id: described.id },
      data: {
        description: "Grade A offices",
        address: "4 Invented Marg",
        state: "Karnataka",
        images: ["/img/a.webp", "/img/b.webp"],
        maximumInvestment: "250000.5",
        expectedAnnualReturn: "8.25",
        actualRoiPercentage: "7.1",
        investmentStartDate: new Date("2026-04-01T00:00:00Z"),
        investmentEndDate: new Date("2027-03-31T00:00:00Z"),
        sharesSellable: true,
        tenantName: "Nimbus Softworks",
        tenantSector: "IT services",
        leaseStartDate: new Date("2025-07-15T00:00:00Z"),
        leaseTermMonths: 108,
        lockInMonths: 36,
        rentEscalationPercent: "15",
        escalationIntervalMonths: 36,
        monthlyRent: "410000",
        expectedRentalYield: "7.4",
        expectedAppreciation: "4",
        spvName: "Every Fact Court SPV Private Limited",
        spvStructure: "Private limited company",
        valuationAmount: "66000000.75",
        valuerName: "Invented Valuers LLP",
        valuationDate: new Date("2026-10-02T00:00:00Z"),
        managementFeePercent: "0.5",
        performanceFeePercent: "10",
        exitFeePercent: "1.25",
      },
    });
    const bare = await createProperty(prisma, { title: "Few Facts House", status: "open" });

    for (const id of [described.id, bare.id]) {
      const row = await prisma.property.findUniqueOrThrow({ where: { id } });
      const two = (value: Decimal | null) => (value === null ? null : value.toFixed(2));
      const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
      const view = await getPropertyForInvestment(prisma, id, { userId: viewer.id, isAdmin: false });
      expect(view?.property).toMatchObject({
        id,
        title: row.title,
        description: row.description,
        address: row.address,
        city: row.city,
        state: row.state,
        country: row.country,
        propertyType: row.propertyType,
        status: row.propertyStatus,
        images: row.images,
        totalValue: two(row.totalValue),
        sharePrice: two(row.sharePrice),
        totalShares: row.totalShares,
        availableShares: row.availableShares,
        minimumInvestment: two(row.minimumInvestment),
        maximumInvestment: two(row.maximumInvestment),
        expectedAnnualReturn: two(row.expectedAnnualReturn),
        actualRoiPercentage: two(row.actualRoiPercentage),
        fundingGoal: two(row.fundingGoal),
        fundedAmount: two(row.fundedAmount),
        sharesSellable: row.sharesSellable,
        investmentStartDate: day(row.investmentStartDate),
        investmentEndDate: day(row.investmentEndDate),
      });
      expect(view?.facts).toEqual({
        tenantName: row.tenantName,
        tenantSector: row.tenantSector,
        leaseStartDate: day(row.leaseStartDate),
        leaseTermMonths: row.leaseTermMonths,
        lockInMonths: row.lockInMonths,
        rentEscalationPercent: two(row.rentEscalationPercent),
        escalationIntervalMonths: row.escalationIntervalMonths,
        monthlyRent: two(row.monthlyRent),
        expectedRentalYield: two(row.expectedRentalYield),
        expectedAppreciation: two(row.expectedAppreciation),
        spvName: row.spvName,
        spvStructure: row.spvStructure,
        valuationAmount: two(row.valuationAmount),
        valuerName: row.valuerName,
        valuationDate: day(row.valuationDate),
        managementFeePercent: two(row.managementFeePercent),
        performanceFeePercent: two(row.performanceFeePercent),
        exitFeePercent: two(row.exitFeePercent),
        investorCount: 0,
      });
      expect(view?.wallet).toEqual({ availableBalance: "1234.50" });
    }
    // The described property's values, spelled out, so a mapping that shifted with the row could not pass.
    const view = await getPropertyForInvestment(prisma, described.id, null);
    expect([view?.property.maximumInvestment, view?.property.investmentEndDate, view?.property.images]).toEqual([
      "250000.50",
      "2027-03-31",
      ["/img/a.webp", "/img/b.webp"],
    ]);
    expect([
      view?.facts.leaseStartDate,
      view?.facts.valuationAmount,
      view?.facts.exitFeePercent,
      view?.facts.rentEscalationPercent,
    ]).toEqual(["2025-07-15", "66000000.75", "1.25", "15.00"]);
  });
});
