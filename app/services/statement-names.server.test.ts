import { describe, expect, it } from "vitest";
import { boundedStatementNames } from "./statement-names.server";

describe("boundedStatementNames", () => {
  it("names SQL only once it repeats, and always by the same name", () => {
    const names = boundedStatementNames({ repeatsBefore: 2 });
    const sql = 'SELECT "id" FROM "properties" WHERE "id" = $1';
    expect(names.nameFor(sql)).toBeUndefined();
    const name = names.nameFor(sql);
    expect(name).toMatch(/^prisma_[0-9a-f]{20}$/);
    expect(names.nameFor(sql)).toBe(name);
    expect(names.nameFor(`${sql} LIMIT $2`)).toBeUndefined();
    expect(names.named).toBe(1);
  });

  it("gives different SQL different names", () => {
    const names = boundedStatementNames({ repeatsBefore: 1 });
    expect(names.nameFor("SELECT 1")).not.toBe(names.nameFor("SELECT 2"));
  });

  it("names at most `limit` statements; SQL beyond them is sent unnamed for ever", () => {
    const names = boundedStatementNames({ repeatsBefore: 1, limit: 3 });
    const texts = Array.from(
      { length: 10 },
      (_, i) => `SELECT $1 WHERE id IN (${Array.from({ length: i + 1 }, (_, j) => `$${j + 2}`).join(", ")})`,
    );
    const given = texts.map((sql) => names.nameFor(sql));
    expect(given.filter(Boolean)).toHaveLength(3);
    expect(given.slice(3).every((name) => name === undefined)).toBe(true);
    expect(names.nameFor(texts[0]!)).toBe(given[0]);
    expect(names.named).toBe(3);
  });
});
