import type { Db, Prisma } from "~/services/db.server";
import { CATALOGUE_PAGE_SIZE } from "~/lib/investing/constants";
import { PRICE_BANDS, ROI_BANDS, type CatalogueFilters } from "./catalogue-filters";
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
  return where;
}

/**
 * One page of the public catalogue, newest first (id breaks ties so pages never
 * overlap). A page past the end is clamped to the last page, so a stale link still
 * shows properties.
 */
export async function listCatalogue(db: Db, filters: CatalogueFilters): Promise<CataloguePage> {
  const where = whereFor(filters);
  const total = await db.property.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page), pageCount);
  const rows = await db.property.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    skip: (page - 1) * CATALOGUE_PAGE_SIZE,
    take: CATALOGUE_PAGE_SIZE,
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
