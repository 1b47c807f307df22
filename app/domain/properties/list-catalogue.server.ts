import type { Db, Prisma } from "~/services/db.server";
import { CATALOGUE_PAGE_SIZE } from "~/lib/investing/constants";
import { PRICE_BANDS, ROI_BANDS, TICKET_BANDS, type CatalogueFilters } from "./catalogue-filters";
import { fundingProgressPercent, fundingProgressTone, type FundingTone } from "./funding-progress";
import {
  PUBLIC_PROPERTY_STATUSES,
  propertyCategory,
  propertyStatusLabel,
  propertyTypesIn,
  type PropertyCategory,
} from "./property-display";
import { raisedByProperty } from "./raised-by-property.server";

export type CatalogueCard = {
  id: string;
  title: string;
  city: string;
  country: string;
  propertyType: string;
  category: PropertyCategory;
  status: string;
  statusLabel: string;
  featured: boolean;
  image: string | null;
  totalValue: string;
  sharePrice: string;
  minimumInvestment: string;
  expectedAnnualReturn: string | null;
  availableShares: number;
  totalShares: number;
  raised: string;
  fundingPercent: number;
  fundingTone: FundingTone;
};

export type CataloguePage = {
  items: CatalogueCard[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  filters: CatalogueFilters;
};

function whereFor(filters: CatalogueFilters): Prisma.PropertyWhereInput {
  const where: Prisma.PropertyWhereInput = { propertyStatus: { in: [...PUBLIC_PROPERTY_STATUSES] } };
  if (filters.price) {
    const band = PRICE_BANDS[filters.price];
    where.totalValue = band.max === null ? { gte: band.min } : { gte: band.min, lt: band.max };
  }
  if (filters.roi) {
    const band = ROI_BANDS[filters.roi];
    where.expectedAnnualReturn = band.max === null ? { gte: band.min } : { gte: band.min, lt: band.max };
  }
  if (filters.type) {
    where.propertyType = { in: propertyTypesIn(filters.type) };
  }
  if (filters.ticket) {
    const band = TICKET_BANDS[filters.ticket];
    where.minimumInvestment = band.max === null ? { gte: band.min } : { gte: band.min, lt: band.max };
  }
  if (filters.city) where.city = { equals: filters.city, mode: "insensitive" };
  return where;
}

type SortKeys = {
  id: string;
  propertyStatus: string;
  createdAt: Date;
  expectedAnnualReturn: { toNumber(): number } | null;
  availableShares: number;
  totalShares: number;
};

/**
 * Open properties first (they are the ones that can be bought), then the chosen order;
 * newest and the id break ties so pages never overlap.
 */
function compareFor(sort: CatalogueFilters["sort"]) {
  const soldShare = (row: SortKeys) => (row.totalShares > 0 ? (row.totalShares - row.availableShares) / row.totalShares : 0);
  return (a: SortKeys, b: SortKeys): number => {
    const open = Number(b.propertyStatus === "open") - Number(a.propertyStatus === "open");
    if (open !== 0) return open;
    if (sort === "return") {
      const byReturn = (b.expectedAnnualReturn?.toNumber() ?? -Infinity) - (a.expectedAnnualReturn?.toNumber() ?? -Infinity);
      if (byReturn !== 0 && !Number.isNaN(byReturn)) return byReturn;
    }
    if (sort === "funded") {
      const byFunded = soldShare(b) - soldShare(a);
      if (byFunded !== 0) return byFunded;
    }
    const byAge = b.createdAt.getTime() - a.createdAt.getTime();
    if (byAge !== 0) return byAge;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The cities that have public properties, for the city filter. */
export async function catalogueCities(db: Db): Promise<string[]> {
  const rows = await db.property.findMany({
    where: { propertyStatus: { in: [...PUBLIC_PROPERTY_STATUSES] } },
    distinct: ["city"],
    select: { city: true },
    orderBy: { city: "asc" },
  });
  return rows.map((row) => row.city);
}

/**
 * One page of the public catalogue: open properties first, then newest (or the chosen
 * order). Sorting reads only the sort keys of the matching rows, a catalogue-sized list;
 * the page's cards are then read in full. A page past the end is clamped to the last
 * page, so a stale link still shows properties.
 */
export async function listCatalogue(db: Db, filters: CatalogueFilters): Promise<CataloguePage> {
  const where = whereFor(filters);
  const keys = await db.property.findMany({
    where,
    select: { id: true, propertyStatus: true, createdAt: true, expectedAnnualReturn: true, availableShares: true, totalShares: true },
  });
  keys.sort(compareFor(filters.sort));
  const total = keys.length;
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page), pageCount);
  const pageIds = keys.slice((page - 1) * CATALOGUE_PAGE_SIZE, page * CATALOGUE_PAGE_SIZE).map((row) => row.id);
  const unordered = await db.property.findMany({
    where: { id: { in: pageIds } },
    select: {
      id: true,
      title: true,
      city: true,
      country: true,
      propertyType: true,
      propertyStatus: true,
      featured: true,
      images: true,
      totalValue: true,
      sharePrice: true,
      minimumInvestment: true,
      expectedAnnualReturn: true,
      availableShares: true,
      totalShares: true,
    },
  });
  const byId = new Map(unordered.map((row) => [row.id, row]));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  const raised = await raisedByProperty(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row): CatalogueCard => {
    const raisedAmount = raised.get(row.id) ?? "0.00";
    const fundingPercent = fundingProgressPercent({
      status: row.propertyStatus,
      raised: raisedAmount,
      totalValue: row.totalValue.toString(),
    });
    return {
      id: row.id,
      title: row.title,
      city: row.city,
      country: row.country,
      propertyType: row.propertyType,
      category: propertyCategory(row.propertyType),
      status: row.propertyStatus,
      statusLabel: propertyStatusLabel(row.propertyStatus),
      featured: row.featured,
      image: row.images[0] ?? null,
      totalValue: row.totalValue.toFixed(2),
      sharePrice: row.sharePrice.toFixed(2),
      minimumInvestment: row.minimumInvestment.toFixed(2),
      expectedAnnualReturn: row.expectedAnnualReturn?.toFixed(2) ?? null,
      availableShares: row.availableShares,
      totalShares: row.totalShares,
      raised: raisedAmount,
      fundingPercent,
      fundingTone: fundingProgressTone(fundingPercent),
    };
  });
  return { items, total, page, pageCount, pageSize: CATALOGUE_PAGE_SIZE, filters: { ...filters, page } };
}
