import { z } from "zod";

/**
 * Price bands of the /properties filter. The spec's bands (up to ₹41.5L, ₹41.5L–₹83L,
 * ₹83L and more) are far above any share price and fit the price of a whole property,
 * so they filter on total_value, which the filter calls "Property value" and every card
 * shows. Lower bound inclusive, upper bound exclusive, so every value falls in exactly one band.
 */
export const PRICE_BANDS = {
  "under-41.5l": { label: "₹0 - ₹41.5L", min: "0", max: "4150000" },
  "41.5l-83l": { label: "₹41.5L - ₹83L", min: "4150000", max: "8300000" },
  "83l-plus": { label: "₹83L+", min: "8300000", max: null },
} as const;

/** Expected annual return bands, in percent, on expected_annual_return; same bounds rule. */
export const ROI_BANDS = {
  "5-7": { label: "5% - 7%", min: "5", max: "7" },
  "7-9": { label: "7% - 9%", min: "7", max: "9" },
  "9-plus": { label: "9%+", min: "9", max: null },
} as const;

/**
 * Ticket-size bands: what the smallest allowed purchase costs (minimum_investment), the
 * figure an investor actually compares; same bounds rule.
 */
export const TICKET_BANDS = {
  "under-10k": { label: "Under ₹10,000", min: "0", max: "10000" },
  "10k-25k": { label: "₹10,000 - ₹25,000", min: "10000", max: "25000" },
  "25k-1l": { label: "₹25,000 - ₹1L", min: "25000", max: "100000" },
  "1l-plus": { label: "₹1L+", min: "100000", max: null },
} as const;

/** Orderings of the catalogue besides the default (newest); open properties always come first. */
export const SORT_OPTIONS = {
  return: { label: "Expected return (highest first)" },
  funded: { label: "Funded % (highest first)" },
} as const;

export const PROPERTY_CATEGORY_OPTIONS = {
  residential: { label: "Residential" },
  commercial: { label: "Commercial" },
  mixed: { label: "Mixed" },
} as const;

export type PriceBand = keyof typeof PRICE_BANDS;
export type TicketBand = keyof typeof TICKET_BANDS;
export type CatalogueSort = keyof typeof SORT_OPTIONS;
export type RoiBand = keyof typeof ROI_BANDS;
export type CategoryFilter = keyof typeof PROPERTY_CATEGORY_OPTIONS;

const keysOf = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

// Each field falls back on its own, so one bad value in a shared link drops that filter, not the page.
// Built on first use, not at module load: the filter form imports this module's bands in the browser,
// and a schema built at the top level would keep zod (about 27 KB gzip) in the catalogue's bundle.
const buildCatalogueFiltersSchema = () =>
  z.object({
    price: z.enum(keysOf(PRICE_BANDS)).optional().catch(undefined),
    roi: z.enum(keysOf(ROI_BANDS)).optional().catch(undefined),
    type: z.enum(keysOf(PROPERTY_CATEGORY_OPTIONS)).optional().catch(undefined),
    ticket: z.enum(keysOf(TICKET_BANDS)).optional().catch(undefined),
    city: z.string().trim().min(1).max(80).optional().catch(undefined),
    sort: z.enum(keysOf(SORT_OPTIONS)).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  });
let catalogueFiltersSchema: ReturnType<typeof buildCatalogueFiltersSchema> | undefined;

export type CatalogueFilters = {
  price?: PriceBand;
  roi?: RoiBand;
  type?: CategoryFilter;
  ticket?: TicketBand;
  city?: string;
  /** Absent means newest. */
  sort?: CatalogueSort;
  page: number;
};

export function parseCatalogueFilters(params: URLSearchParams): CatalogueFilters {
  const raw = {
    price: params.get("price") ?? undefined,
    roi: params.get("roi") ?? undefined,
    type: params.get("type") ?? undefined,
    ticket: params.get("ticket") ?? undefined,
    city: params.get("city") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  };
  catalogueFiltersSchema ??= buildCatalogueFiltersSchema();
  return catalogueFiltersSchema.parse(raw) as CatalogueFilters;
}

/** The query string for a set of filters (for links: pagination, clear one filter). */
export function catalogueFiltersToSearchParams(filters: Partial<CatalogueFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.price) params.set("price", filters.price);
  if (filters.roi) params.set("roi", filters.roi);
  if (filters.type) params.set("type", filters.type);
  if (filters.ticket) params.set("ticket", filters.ticket);
  if (filters.city) params.set("city", filters.city);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}
