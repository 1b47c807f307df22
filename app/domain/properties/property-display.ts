import { PropertyType, type PropertyStatus } from "~/lib/enums";

export type { PropertyStatus, PropertyType };

/** Statuses a visitor may see in the catalogue and on the invest page; drafts are admin-only. */
export const PUBLIC_PROPERTY_STATUSES = ["upcoming", "open", "funded", "closed"] as const satisfies readonly PropertyStatus[];

export function isPubliclyVisible(status: string): boolean {
  return (PUBLIC_PROPERTY_STATUSES as readonly string[]).includes(status);
}

const STATUS_LABELS: Record<PropertyStatus, string> = {
  draft: "DRAFT",
  upcoming: "UPCOMING",
  open: "OPEN",
  funded: "SOLD OUT",
  closed: "CLOSED",
};

/** The badge text: a funded property is shown as sold out. */
export function propertyStatusLabel(status: string): string {
  return STATUS_LABELS[status as PropertyStatus] ?? status.toUpperCase();
}

export type PropertyCategory = "residential" | "commercial" | "mixed";

const CATEGORY_OF_TYPE: Record<string, PropertyCategory> = {
  residential: "residential",
  villa: "residential",
  apartment: "residential",
  commercial: "commercial",
  office: "commercial",
  retail: "commercial",
};

/** The spec's three buckets; anything that is neither residential nor commercial counts as mixed. */
export function propertyCategory(propertyType: string): PropertyCategory {
  return CATEGORY_OF_TYPE[propertyType] ?? "mixed";
}

/** Every property_type the database stores. */
export const PROPERTY_TYPES = Object.values(PropertyType);

/** The stored property types that fall in a bucket (for filtering in SQL). */
export function propertyTypesIn(category: PropertyCategory): PropertyType[] {
  return PROPERTY_TYPES.filter((type) => propertyCategory(type) === category);
}
