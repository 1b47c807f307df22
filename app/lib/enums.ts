// The database's enums, as the generated Prisma client spells them (prisma/schema.prisma is their
// source). The app names a tier, a KYC status, a property's status or type, a transaction's type or
// a journal's kind and phase through these, so a new value in the schema reaches every list and
// every exhaustive Record at compile time. The generated enums module is plain constants, safe in the browser.
export {
  KycStatus,
  LedgerJournalKind,
  LedgerJournalPhase,
  PropertyStatus,
  PropertyType,
  Tier,
  TransactionStatus,
  TransactionType,
} from "~/generated/prisma/enums";
