import { createHash } from "node:crypto";

/**
 * A stable UUID for a named demo row. Every seeded row gets its id from its name, so a
 * second run finds the same ids and inserts nothing (ON CONFLICT DO NOTHING).
 */
export function demoId(name: string): string {
  const hex = createHash("sha1").update(`aangan-demo:${name}`).digest("hex");
  // Shaped like a version 5 UUID so it passes any UUID validation downstream.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20),
    hex.slice(20, 32),
  ].join("-");
}

/** Idempotency key of a seeded journal (and of the transaction row that shows it). */
export function seedKey(name: string): string {
  return `seed:${name}`;
}
