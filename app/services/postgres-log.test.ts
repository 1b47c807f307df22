import { describe, expect, it } from "vitest";
import { classifyPostgresLog } from "./postgres-log.server";

describe("embedded PostgreSQL log lines", () => {
  it("labels a refused conflicting write as expected, on one line without its statement", () => {
    const line = classifyPostgresLog(
      '2026-11-22 06:00:00.000 UTC [123] ERROR:  duplicate key value violates unique constraint "positions_pkey"\nDETAIL:  Key (id)=(1) already exists.\nSTATEMENT:  INSERT INTO positions ...',
    );
    expect(line).toEqual({
      expected: true,
      text: 'expected (database refused a conflicting write; the app handles it): duplicate key value violates unique constraint "positions_pkey"',
    });
  });

  it("labels the money functions' own refusals as expected", () => {
    const line = classifyPostgresLog(
      "2026-12-05 18:31:58.894 UTC [10460] ERROR:  aangan:property_not_open\nCONTEXT:  PL/pgSQL function purchase_shares",
    );
    expect(line?.expected).toBe(true);
  });

  it("prints any other error as it is", () => {
    const message = '2026-11-22 06:00:00.000 UTC [123] ERROR:  syntax error at or near "SELEC"';
    expect(classifyPostgresLog(message)).toEqual({ expected: false, text: message });
    expect(classifyPostgresLog("FATAL:  the database system is shutting down")?.expected).toBe(false);
  });

  it("stays quiet for notices and the harmless start-up lines", () => {
    expect(classifyPostgresLog("LOG:  database system is ready to accept connections")).toBeNull();
    expect(classifyPostgresLog('ERROR:  database "aangan" already exists')).toBeNull();
    // A session ended on purpose (a test's database dropped WITH (FORCE), pg_terminate_backend).
    expect(
      classifyPostgresLog("2026-12-05 21:20:33.686 UTC [10426] FATAL:  terminating connection due to administrator command"),
    ).toBeNull();
  });
});

describe("a chunk with several entries", () => {
  it("prints the real error, and not the refusal beside it", () => {
    const chunk = 'ERROR:  duplicate key value violates unique constraint "a"\nERROR:  relation "nope" is missing';
    expect(classifyPostgresLog(chunk)).toEqual({ expected: false, text: 'ERROR:  relation "nope" is missing' });
  });

  // One chunk as a clean CI run received it: a slow statement, a real error and a money
  // function's refusal, each with the lines that follow it.
  it("prints a slow statement and a real error with their own lines, and leaves out a refusal's", () => {
    const chunk = [
      "2026-12-06 23:02:05.638 UTC [3313] LOG:  duration: 300.805 ms  statement: SELECT pg_sleep(0.3)",
      "2026-12-06 23:02:05.640 UTC [3313] ERROR:  division by zero",
      "2026-12-06 23:02:05.640 UTC [3313] STATEMENT:  SELECT 1 / 0",
      "2026-12-06 23:02:05.645 UTC [3313] ERROR:  aangan:insufficient_balance",
      "2026-12-06 23:02:05.645 UTC [3313] CONTEXT:  PL/pgSQL function inline_code_block line 1 at RAISE",
      "2026-12-06 23:02:05.645 UTC [3313] STATEMENT:  DO $$ BEGIN RAISE EXCEPTION 'aangan:insufficient_balance' USING ERRCODE = 'P0001'; END $$",
    ].join("\n");
    expect(classifyPostgresLog(chunk)).toEqual({ expected: false, text: chunk.split("\n").slice(0, 3).join("\n") });
  });

  it("finds an error after a notice in the same chunk", () => {
    expect(classifyPostgresLog("LOG:  checkpoint starting\nERROR:  could not serialize access due to concurrent update")?.text).toBe(
      "expected (database refused a conflicting write; the app handles it): could not serialize access due to concurrent update",
    );
  });
});

describe("slow statements and lock waits, logged when asked for", () => {
  it("prints a slow statement and a long lock wait as they are", () => {
    const slow = "2026-12-05 18:00:00.000 UTC [77] LOG:  duration: 1532.118 ms  execute <unnamed>: UPDATE support_tickets SET status = $1";
    expect(classifyPostgresLog(slow)).toEqual({ expected: false, text: slow });
    const waiting = "LOG:  process 77 still waiting for ShareLock on transaction 9012 after 1000.204 ms";
    expect(classifyPostgresLog(waiting)).toEqual({ expected: false, text: waiting });
  });
});
