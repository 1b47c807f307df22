import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./database-outage.server";

/** A pg DatabaseError as the driver throws it, and as Prisma's driver adapter wraps it. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "ERROR" });
const viaPrisma = (code: string, message: string) =>
  Object.assign(new Error("Invalid `prisma.x()` invocation"), {
    code: "P2010",
    meta: { driverAdapterError: { cause: { originalCode: code, originalMessage: message, kind: "postgres" } } },
  });

describe("isDatabaseUnreachable", () => {
  const unreachable: [string, unknown][] = [
    ["PgBouncer restarting", pgError("08P01", "server conn crashed?")],
    ["PgBouncer without a server", pgError("08P01", "pgbouncer cannot connect to server")],
    ["PgBouncer's queue timing out", viaPrisma("08P01", "query_wait_timeout")],
    ["a write while the new primary is still in recovery", viaPrisma("25006", "cannot execute INSERT in a read-only transaction")],
    ["too many clients", pgError("53300", "sorry, too many clients already")],
    ["the server shutting down", pgError("57P01", "terminating connection due to administrator command")],
    ["a server not yet accepting connections", pgError("57P03", "the database system is not yet accepting connections")],
    [
      "Prisma's pool giving up",
      Object.assign(new Error("Timed out fetching a new connection from the connection pool"), { code: "P2024" }),
    ],
    ["pg after its connection broke", new Error("Client has encountered a connection error and is not queryable")],
    ["a refused socket", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6432"), { code: "ECONNREFUSED" })],
    // The two shapes behind the rehearsal's 500s (a purchase in flight as PgBouncer restarted and
    // as the primary stopped), as the hosts logged them: Prisma's adapter when the pooler's socket
    // closed, and pg's own error for the same.
    [
      "Prisma's adapter after the server closed the connection",
      Object.assign(
        new Error(
          "Invalid `prisma.$queryRawUnsafe()` invocation: Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`",
        ),
        {
          code: "P2010",
          meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } } },
        },
      ),
    ],
    ["pg when the socket ended mid-query", new Error("Connection terminated unexpectedly")],
  ];
  for (const [what, error] of unreachable)
    it(`counts ${what} as the database out of reach`, () => expect(isDatabaseUnreachable(error)).toBe(true));

  const refusals: [string, unknown][] = [
    ["a unique violation", viaPrisma("23505", "duplicate key value violates unique constraint")],
    ["a serialization failure", pgError("40001", "could not serialize access due to concurrent update")],
    ["a check the data broke", pgError("23514", 'new row for relation "transactions" violates check constraint')],
    ["a programming error", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["Prisma's not found", Object.assign(new Error("No record was found"), { code: "P2025" })],
  ];
  for (const [what, error] of refusals) it(`does not count ${what}`, () => expect(isDatabaseUnreachable(error)).toBe(false));
});
