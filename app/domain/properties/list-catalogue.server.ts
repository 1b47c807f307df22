import { preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";
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
import { raisedSql } from "./raised-by-property.server";

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

// Everything but the page and the city is written into the statement: the statuses, the page
// size, the chosen bands (constants of catalogue-filters.ts), the category's types and the order.
// Each combination of filters is then its own prepared statement, planned once per connection;
// one statement with optional parameters ("$1 IS NULL OR …") was planned on every call wherever
// its generic plan looked dearer than one with the unused filters folded away (ADR 0090).
const PUBLIC_STATUSES_SQL = PUBLIC_PROPERTY_STATUSES.map((status) => `'${status}'`).join(", ");

const inBand = (column: string, band: { min: string; max: string | null }) =>
  `p.${column} >= ${band.min}` + (band.max === null ? "" : ` AND p.${column} < ${band.max}`);

function matchingSql(filters: CatalogueFilters): string {
  const conditions = [`p.property_status IN (${PUBLIC_STATUSES_SQL})`];
  if (filters.price) conditions.push(inBand("total_value", PRICE_BANDS[filters.price]));
  if (filters.roi) conditions.push(inBand("expected_annual_return", ROI_BANDS[filters.roi]));
  if (filters.ticket) conditions.push(inBand("minimum_investment", TICKET_BANDS[filters.ticket]));
  if (filters.type)
    conditions.push(
      `p.property_type IN (${propertyTypesIn(filters.type)
        .map((type) => `'${type}'`)
        .join(", ")})`,
    );
  if (filters.city) conditions.push(`lower(p.city) = lower($2::text)`);
  return conditions.join(" AND ");
}

// Open properties first, then the chosen key, then newest and the id by code unit, so pages
// never overlap.
const ORDER_KEYS: Record<NonNullable<CatalogueFilters["sort"]> | "newest", string> = {
  newest: "",
  return: "p.expected_annual_return DESC NULLS LAST,",
  funded: "CASE WHEN p.total_shares > 0 THEN (p.total_shares - p.available_shares)::float8 / p.total_shares ELSE 0 END DESC,",
};

/**
 * One page of the catalogue in one statement: $1 the page asked for, $2 the city (only when
 * filtered by one; case-insensitive). Counted first, so the page is clamped to 1..pageCount
 * before it is read (a stale link still shows the last page); then a top-N sort of the matching
 * rows' ids (not a full sort, and only the page's rows formatted). Every amount column is
 * numeric(16,2) or numeric(5,2): its text is the two-place figure the card shows. It replaced
 * reading every matching property's sort keys through Prisma to sort and count them in
 * JavaScript (19 ms of the page's CPU at 1,000 properties).
 */
function catalogueStatement(filters: CatalogueFilters): PreparedStatement {
  const sort = filters.sort ?? "newest";
  const name = `read_catalogue_page:${filters.price ?? ""}:${filters.roi ?? ""}:${filters.ticket ?? ""}:${filters.type ?? ""}:${filters.city ? "city" : ""}:${sort}`;
  const known = statements.get(name);
  if (known) return known;
  const matching = matchingSql(filters);
  const statement = {
    name,
    text: `
      WITH shown AS (
             SELECT total, least(greatest($1::int, 1), greatest(1, (total + ${CATALOGUE_PAGE_SIZE - 1}) / ${CATALOGUE_PAGE_SIZE})) AS page
               FROM (SELECT count(*)::int AS total FROM properties p WHERE ${matching}) counted),
           page_ids AS (
             SELECT id, position FROM unnest(ARRAY(
               SELECT p.id FROM properties p
                WHERE ${matching}
                ORDER BY (p.property_status = 'open') DESC, ${ORDER_KEYS[sort]} p.created_at DESC, p.id COLLATE "C"
                LIMIT ${CATALOGUE_PAGE_SIZE} OFFSET (SELECT (page - 1) * ${CATALOGUE_PAGE_SIZE} FROM shown)
             )) WITH ORDINALITY AS page(id, position))
      SELECT p.id, p.title, p.city, p.country, p.property_type::text AS property_type,
             p.property_status::text AS property_status, p.featured, p.images[1] AS image,
             p.total_value::text AS total_value, p.share_price::text AS share_price,
             p.minimum_investment::text AS minimum_investment, p.expected_annual_return::text AS expected_annual_return,
             p.available_shares, p.total_shares, s.total, s.page,
             ${raisedSql("p.id")} AS raised
        FROM page_ids i JOIN properties p ON p.id = i.id CROSS JOIN shown s
       ORDER BY i.position`,
  };
  statements.set(name, statement);
  return statement;
}
const statements = new Map<string, PreparedStatement>();

type CatalogueRow = {
  id: string;
  title: string;
  city: string;
  country: string;
  property_type: string;
  property_status: string;
  featured: boolean;
  image: string | null;
  total_value: string;
  share_price: string;
  minimum_investment: string;
  expected_annual_return: string | null;
  available_shares: number;
  total_shares: number;
  total: number;
  page: number;
  raised: string;
};

/** The cities that have public properties, for the city filter. */
export async function catalogueCities(db: Db): Promise<string[]> {
  const rows = await preparedQuery<{ city: string }>(db, READ_CATALOGUE_CITIES, []);
  return rows.map((row) => row.city);
}

const READ_CATALOGUE_CITIES: PreparedStatement = {
  name: "read_catalogue_cities",
  text: `SELECT DISTINCT city FROM properties WHERE property_status IN (${PUBLIC_STATUSES_SQL}) ORDER BY city`,
};

/**
 * One page of the public catalogue: open properties first, then newest (or the chosen
 * order). Sorting reads only the sort keys of the matching rows, a catalogue-sized list;
 * the page's cards are then read in full. A page past the end is clamped to the last
 * page, so a stale link still shows properties.
 */
export async function listCatalogue(db: Db, filters: CatalogueFilters): Promise<CataloguePage> {
  const values = filters.city ? [filters.page, filters.city] : [filters.page];
  const rows = await preparedQuery<CatalogueRow>(db, catalogueStatement(filters), values);
  // The clamped page is never empty while anything matches, so no row means no match.
  const total = rows[0]?.total ?? 0;
  const page = rows[0]?.page ?? 1;
  const items = rows.map((row): CatalogueCard => {
    const fundingPercent = fundingProgressPercent({ status: row.property_status, raised: row.raised, totalValue: row.total_value });
    return {
      id: row.id,
      title: row.title,
      city: row.city,
      country: row.country,
      propertyType: row.property_type,
      category: propertyCategory(row.property_type),
      status: row.property_status,
      statusLabel: propertyStatusLabel(row.property_status),
      featured: row.featured,
      image: row.image,
      totalValue: row.total_value,
      sharePrice: row.share_price,
      minimumInvestment: row.minimum_investment,
      expectedAnnualReturn: row.expected_annual_return,
      availableShares: row.available_shares,
      totalShares: row.total_shares,
      raised: row.raised,
      fundingPercent,
      fundingTone: fundingProgressTone(fundingPercent),
    };
  });
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  return { items, total, page, pageCount, pageSize: CATALOGUE_PAGE_SIZE, filters: { ...filters, page } };
}
