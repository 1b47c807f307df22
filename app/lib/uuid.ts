const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for the 8-4-4-4-12 hex form PostgreSQL stores in a uuid column. Checked before a
 * `::uuid` cast, so text that is no id reads as "not found" instead of failing the query.
 */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}
