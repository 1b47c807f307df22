/** The spec's property document types with their labels (kept in lib so pages and the domain share them). */
export const DOCUMENT_TYPE_OPTIONS = [
  ["legal_certificate", "Legal certificate"],
  ["rera_approval", "RERA approval"],
  ["property_deed", "Property deed"],
  ["tax_document", "Tax document"],
  ["insurance", "Insurance"],
  ["management_agreement", "Management agreement"],
  ["lease_summary", "Lease summary"],
  ["spv_filing", "SPV filing"],
  ["annual_accounts", "Annual accounts"],
  ["other", "Other"],
] as const;

/** Every type's label, including those no upload form offers (an update's attachment, ADR 0070). */
export function documentTypeLabel(type: string): string {
  if (type === "update_attachment") return "Update attachment";
  if (type === "sale_document") return "Sale document";
  return DOCUMENT_TYPE_OPTIONS.find(([value]) => value === type)?.[1] ?? type;
}
