import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-database";
import { databaseRefusal, moneyFunction, runMoneyCall, type DatabaseErrorTable } from "./db.server";

// runMoneyCall against a real PostgreSQL function: named arguments (a parameter with a DEFAULT
// may be left out), refusals answered through the area's table, one retry policy.

const db = useTestDatabase();

beforeAll(async () => {
  await db.current.prisma.$executeRawUnsafe(`CREATE TABLE money_probe (key text PRIMARY KEY)`);
  await db.current.prisma.$executeRawUnsafe(`
    CREATE FUNCTION money_probe_call(p_amount numeric, p_key text, p_note text DEFAULT 'no note')
    RETURNS TABLE (echoed numeric, note text) LANGUAGE plpgsql AS $$
    BEGIN
      IF p_amount < 0 THEN RAISE EXCEPTION 'aangan:too_low balance=%', p_amount USING ERRCODE = 'P0001'; END IF;
      IF p_amount = 0 THEN RAISE EXCEPTION 'aangan:stale' USING ERRCODE = 'P0001'; END IF;
      INSERT INTO money_probe (key) VALUES (p_key);
      RETURN QUERY SELECT p_amount, p_note;
    END $$`);
});

class ProbeError extends Error {}

const table: DatabaseErrorTable = {
  domain: (error) => (error instanceof ProbeError ? error : undefined),
  refusals: {
    too_low: (message) => new ProbeError(`too low: ${/balance=(\S+)/.exec(message)?.[1]}`),
    stale: () => new ProbeError("gave up on a stale read"),
  },
  duplicate: () => new ProbeError("duplicate"),
  conflict: () => new ProbeError("conflict"),
};

const PROBE = moneyFunction("money_probe_call", { p_amount: "numeric", p_key: "text" }).returns<{ echoed: string; note: string }>(
  "echoed::text AS echoed, note",
);

describe("runMoneyCall", () => {
  it("calls with named arguments, the left-out one taking its DEFAULT", async () => {
    expect(PROBE.statement.text).toBe(
      "SELECT echoed::text AS echoed, note FROM money_probe_call(p_amount => $1::numeric, p_key => $2::text)",
    );
    const rows = await runMoneyCall(db.current.prisma, "probe", table, (call) => call(PROBE, { p_amount: "12.50", p_key: "a" }));
    expect(rows).toEqual([{ echoed: "12.50", note: "no note" }]);
  });

  it("answers a refusal, a repeated key and the area's own errors through the table", async () => {
    const run = (work: Parameters<typeof runMoneyCall>[3]) =>
      runMoneyCall(db.current.prisma, "probe", table, work).catch((e: unknown) => e);
    expect(await run((call) => call(PROBE, { p_amount: "-3", p_key: "b" }))).toEqual(new ProbeError("too low: -3"));
    expect(await run((call) => call(PROBE, { p_amount: "1", p_key: "a" }))).toEqual(new ProbeError("duplicate"));
    const own = new ProbeError("refused before the call");
    expect(
      await run(() => {
        throw own;
      }),
    ).toBe(own);
  });

  it("runs the work again for a failure the caller names, then answers through the table", async () => {
    let attempts = 0;
    const error = await runMoneyCall(
      db.current.prisma,
      "probe",
      table,
      (call) => {
        attempts += 1;
        return call(PROBE, { p_amount: "0", p_key: "c" });
      },
      { alsoRetry: (e) => databaseRefusal(e) === "stale" },
    ).catch((e: unknown) => e);
    expect(attempts).toBe(3);
    expect(error).toEqual(new ProbeError("gave up on a stale read"));
  });
});
