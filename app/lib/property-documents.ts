/** The spec's property document types with their labels (kept in lib so pages and the domain share them). */
export const DOCUMENT_TYPE_OPTIONS = [
  ["legal_certificate", "Legal certificate"],
  ["rera_approval", "RERA approval"],
  ["property_deed", "Property deed"],
  ["tax_document", "Tax document"],
  ["insurance", "Insurance"],
  ["management_agreement", "Management agreement"],
  ["other", "Other"],
] as const;
