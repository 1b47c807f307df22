/**
 * Classifies a failure from PostgreSQL (through Prisma and its pg adapter) by SQLSTATE,
 * whatever layer wrapped it: Prisma's own codes, the adapter's cause, or the message.
 */
export type DatabaseFailure = "unique_violation" | "serialization" | "deadlock" | "lock_timeout" | "other";

function collectCodes(error: unknown, seen = new Set<unknown>()): string[] {
  if (!error || typeof error !== "object" || seen.has(error)) return [];
  seen.add(error);
  const record = error as Record<string, unknown>;
  const codes: string[] = [];
  for (const key of ["code", "originalCode", "kind"]) {
    if (typeof record[key] === "string") codes.push(record[key] as string);
  }
  if (typeof record.message === "string") codes.push(record.message);
  for (const key of ["cause", "meta", "driverAdapterError"]) codes.push(...collectCodes(record[key], seen));
  return codes;
}

export function classifyDatabaseFailure(error: unknown): DatabaseFailure {
  const text = collectCodes(error).join(" | ");
  if (/\b(P2002|23505|UniqueConstraintViolation)\b|unique constraint|duplicate key/i.test(text)) return "unique_violation";
  if (/\b40P01\b|deadlock/i.test(text)) return "deadlock";
  if (/\b(40001|P2034|TransactionWriteConflict)\b|could not serialize/i.test(text)) return "serialization";
  if (/\b(55P03|P2028)\b|lock timeout|Transaction already closed|Unable to start a transaction/i.test(text)) return "lock_timeout";
  return "other";
}
