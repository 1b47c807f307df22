import { createHash } from "node:crypto";

export type StatementNames = {
  /** The prepared statement's name for this SQL, or undefined to send it unnamed (parsed every time). */
  nameFor(sql: string): string | undefined;
  /** How many distinct statements have been given a name. */
  readonly named: number;
};

/**
 * Names for the statements Prisma sends, so PostgreSQL parses each once per connection
 * instead of on every query (ADR 0086). Only SQL that repeats gets a name: a text is named
 * the `repeatsBefore`-th time it is seen again, and at most `limit` texts are ever named, so SQL
 * that varies with its input (an IN list's length, a one-off raw query) cannot make every
 * connection, and the server behind it, keep an unbounded number of prepared statements.
 */
export function boundedStatementNames({ repeatsBefore = 2, limit = 400 }: { repeatsBefore?: number; limit?: number } = {}): StatementNames {
  const names = new Map<string, string>();
  const sightings = new Map<string, number>();
  // The sightings of texts never named are forgotten in bulk, so they cannot grow without end either.
  const SIGHTINGS_LIMIT = limit * 10;
  return {
    nameFor(sql) {
      const known = names.get(sql);
      if (known !== undefined) return known;
      if (names.size >= limit) return undefined;
      const seen = (sightings.get(sql) ?? 0) + 1;
      if (seen < repeatsBefore) {
        if (sightings.size >= SIGHTINGS_LIMIT) sightings.clear();
        sightings.set(sql, seen);
        return undefined;
      }
      sightings.delete(sql);
      const name = `prisma_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
      names.set(sql, name);
      return name;
    },
    get named() {
      return names.size;
    },
  };
}
