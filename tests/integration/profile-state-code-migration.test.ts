import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INDIA_REGIONS } from "../../app/lib/india-states";
import { createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Migration 20261206000000_profile_state_code (ADR 0053): free-text states that name a state
 * or union territory get its GST code; anything else stays NULL for KYC to ask again. The
 * test database is already migrated, so the migration's UPDATE is run again on rows written
 * as they were before it.
 */

const db = useTestDatabase();
const MIGRATION = readFileSync(path.resolve("prisma/migrations/20261206000000_profile_state_code/migration.sql"), "utf8");
const mapping = MIGRATION.slice(MIGRATION.indexOf("UPDATE"));

describe("the state-code migration", () => {
  it("lists every state and union territory the app offers, and its CHECK only those", () => {
    for (const region of INDIA_REGIONS) {
      expect(mapping).toContain(`('${region.name.toLowerCase()}', '${region.code}')`);
      expect(MIGRATION).toContain(`'${region.code}'`);
    }
  });

  it("maps names (any case and spacing, old spellings) and leaves the rest NULL", async () => {
    const prisma = db.current.prisma;
    const cases: [string | null, string | null][] = [
      ["Karnataka", "29"],
      ["  tamil   NADU ", "33"],
      ["Orissa", "21"],
      ["New Delhi", "07"],
      ["Dadra and Nagar Haveli and Daman and Diu", "26"],
      ["Bangalore", null],
      ["KA", null],
      [null, null],
    ];
    const ids: string[] = [];
    for (const [state] of cases) {
      const user = await createUser(prisma);
      await prisma.userProfile.update({ where: { id: user.id }, data: { state, stateCode: null } });
      ids.push(user.id);
    }
    await prisma.$executeRawUnsafe(mapping);
    const rows = await prisma.userProfile.findMany({ where: { id: { in: ids } }, select: { id: true, stateCode: true } });
    const byId = new Map(rows.map((row) => [row.id, row.stateCode]));
    expect(ids.map((id) => byId.get(id))).toEqual(cases.map(([, code]) => code));
  });

  it("refuses a code that is not a state or union territory", async () => {
    const user = await createUser(db.current.prisma);
    await expect(db.current.prisma.userProfile.update({ where: { id: user.id }, data: { stateCode: "99" } })).rejects.toThrow(
      /user_profiles_state_code_known/,
    );
  });
});
