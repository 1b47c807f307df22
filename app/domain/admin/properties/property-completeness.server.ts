import { DomainError } from "~/domain/errors";
import type { Tx } from "~/services/db.server";

/**
 * What the invest page shows about a property, and so what must be filled in before it
 * opens for investment (ADR 0050): an investor never sees an open property with a blank
 * tenant, lease, yield, SPV, valuation, fee or document.
 */
const REQUIRED_FACTS = [
  ["tenantName", "tenant"],
  ["tenantSector", "tenant sector"],
  ["leaseStartDate", "lease start"],
  ["leaseTermMonths", "lease term"],
  ["lockInMonths", "lock-in"],
  ["rentEscalationPercent", "rent escalation"],
  ["escalationIntervalMonths", "escalation interval"],
  ["monthlyRent", "monthly rent"],
  ["expectedAnnualReturn", "expected annual return"],
  ["expectedRentalYield", "expected rental yield"],
  ["expectedAppreciation", "expected appreciation"],
  ["spvName", "SPV name"],
  ["spvStructure", "SPV structure"],
  ["valuationAmount", "independent valuation"],
  ["valuerName", "valuer"],
  ["valuationDate", "valuation date"],
  ["managementFeePercent", "management fee"],
  ["performanceFeePercent", "performance fee"],
  ["exitFeePercent", "exit fee"],
] as const;

export type FactKey = (typeof REQUIRED_FACTS)[number][0];

const blank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** The invest-page facts a property lacks, in words; a fee of 0 is a fact, an empty one is not. */
export function missingInvestPageFacts(property: Partial<Record<FactKey, unknown>>, publicDocuments: number): string[] {
  const missing: string[] = REQUIRED_FACTS.filter(([key]) => blank(property[key])).map(([, words]) => words);
  if (publicDocuments === 0) missing.push("a public document");
  return missing;
}

export function incompletePropertyError(missing: string[]) {
  return new DomainError(
    "property_incomplete",
    `This property cannot open for investment until the invest page has every fact. Missing: ${missing.join(", ")}. Nothing was changed.`,
    409,
    "propertyStatus",
  );
}

/** Inside the saving transaction: refuses (and so rolls back) an open property that lacks any fact. */
export async function assertReadyToOpen(tx: Tx, propertyId: string): Promise<void> {
  const property = await tx.property.findUniqueOrThrow({ where: { id: propertyId } });
  if (property.propertyStatus !== "open") return;
  const publicDocuments = await tx.propertyDocument.count({ where: { propertyId, isPublic: true } });
  const missing = missingInvestPageFacts(property, publicDocuments);
  if (missing.length > 0) throw incompletePropertyError(missing);
}

/** Deleting a document: an open property is never left without a public one. */
export async function assertKeepsPublicDocument(tx: Tx, propertyId: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ open: boolean; public_documents: number }[]>`
    SELECT p.property_status = 'open' AS open,
           (SELECT count(*)::int FROM property_documents d WHERE d.property_id = p.id AND d.is_public) AS public_documents
      FROM properties p WHERE p.id = ${propertyId} FOR UPDATE`;
  if (row?.open && row.public_documents === 0) {
    throw new DomainError(
      "property_incomplete",
      "This is the last public document of an open property: upload another before deleting it. Nothing was changed.",
      409,
    );
  }
}
