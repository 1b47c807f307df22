import type { PrismaClient } from "~/services/db.server";

/** What a purchase's amount and texts are computed from: a property's title, price and limits. */
export type PurchaseTerms = {
  title: string;
  sharePrice: string;
  minimumInvestment: string;
  maximumInvestment: string | null;
};

/**
 * Each property's terms as this process last read them, per database client, so a purchase
 * can validate its amount and write its texts without a read first (ADR 0026). Never trusted
 * on its own: `purchase_shares` compares them with the property's row and answers 'stale' when
 * they differ, and the purchase then forgets them and reads again. Bounded, oldest out first.
 */
const remembered = new WeakMap<PrismaClient, Map<string, PurchaseTerms>>();
const MAX_PROPERTIES = 2_000;

export function recallTerms(db: PrismaClient, propertyId: string): PurchaseTerms | undefined {
  return remembered.get(db)?.get(propertyId);
}

export function rememberTerms(db: PrismaClient, propertyId: string, terms: PurchaseTerms): void {
  let byProperty = remembered.get(db);
  if (!byProperty) remembered.set(db, (byProperty = new Map()));
  byProperty.delete(propertyId);
  byProperty.set(propertyId, terms);
  if (byProperty.size > MAX_PROPERTIES) byProperty.delete(byProperty.keys().next().value!);
}

export function forgetTerms(db: PrismaClient, propertyId: string): void {
  remembered.get(db)?.delete(propertyId);
}
