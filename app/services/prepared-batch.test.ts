import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/test-database";
import { createPrismaClient, preparedQuery, readInOnePreparedSnapshot } from "./db.server";
import { batchFor, readTogether, renumberParameters, type RunStatement } from "./prepared-batch.server";

// Reads sent together against real PostgreSQL: every caller gets exactly the rows its statement
// gives alone, in one statement per turn of the event loop, and a read that fails fails alone.

const db = useTestDatabase();
let pool: pg.Pool;
let sent: string[] = [];
const owner = {};

const run: RunStatement = async (statement, values) => {
  sent.push(statement.name ?? "");
  const client = await pool.connect();
  try {
    return await client.query({ name: statement.name, text: statement.text, values });
  } finally {
    client.release();
  }
};

// One read in its turn is sent as it is (and its columns are learnt).
const alone = (statement: { name: string; text: string }, values: unknown[]) => readTogether(owner, run, () => readOf(statement, values));

// Every type a page reads, in the forms that trip a JSON round trip: a numeric wider than a
// double, a bigint past 2^53, a Date, text with quotes and a backslash, a NULL, arrays, JSON.
const TYPES = {
  name: "batch_test_types",
  text: `SELECT $1::numeric AS "amount", $2::bigint AS big, 7::int AS small, $3::boolean AS flag, false AS "off",
                'it''s "quoted" \\ and ₹'::text AS words, NULL::text AS missing,
                '2026-03-31 23:59:59.123456+05:30'::timestamptz AS "at", '2026-04-01'::date AS day,
                ARRAY['a', 'b,c', NULL]::text[] AS list, ARRAY[1, 2]::int[] AS numbers,
                '{"k": [1, 2.50]}'::jsonb AS doc, gen_random_uuid() IS NOT NULL AS has_uuid,
                interval '1 day 2 hours' AS span, 'draft'::text AS "weird name",
                json_build_object('says', 'it''s "quoted" \\ and ₹', 'amounts', json_build_array(2.50, 12345678901234567890)) AS "raw",
                'null'::json AS json_null, '"only text"'::json AS json_text, NULL::jsonb AS no_doc`,
};
// The same parameter number with another type in another member, and the same name twice.
const ORDERED = {
  name: "batch_test_ordered",
  text: `-- the newest $2 first; a literal '$1' is not a parameter
         SELECT g AS n, 'row ' || g || ' of ' || $1::text AS label, g AS n
           FROM generate_series(1, 50) AS g
          ORDER BY g DESC
          LIMIT $2::int;`,
};
const EMPTY = { name: "batch_test_empty", text: "SELECT g AS n FROM generate_series(1, 3) AS g WHERE g > $1::int" };
const FAILS = { name: "batch_test_fails", text: "SELECT 10 / $1::int AS quotient" };

beforeAll(() => {
  pool = new pg.Pool({ connectionString: db.current.url, max: 4 });
});

afterAll(async () => {
  await pool?.end();
});

describe("readTogether", () => {
  it("gives each read exactly the rows it gives alone, in one statement for the reads of one turn", async () => {
    const typesValues = ["12345678901234567890.123456789", "9007199254740993", true];
    const orderedValues = ["page", 5];
    // Alone first: a read runs alone until its columns are known.
    sent = [];
    const expected = [await alone(TYPES, typesValues), await alone(ORDERED, orderedValues), await alone(EMPTY, [5])];
    expect(expected[0]![0]).toMatchObject({ amount: "12345678901234567890.123456789", big: "9007199254740993", missing: null });
    expect(expected[1]!.map((row) => row.n)).toEqual([50, 49, 48, 47, 46]);
    expect(sent).toEqual([TYPES.name, ORDERED.name, EMPTY.name]);

    sent = [];
    const got = await readTogether(owner, run, () =>
      Promise.all([
        readOf(TYPES, typesValues),
        readOf(ORDERED, orderedValues),
        readOf(EMPTY, [5]),
        // A second turn: started after the first statement was sent.
        new Promise((resolve) => setImmediate(resolve)).then(() => readOf(ORDERED, ["later", 2])),
      ]),
    );
    expect(got.slice(0, 3)).toEqual(expected);
    expect(got[3]).toEqual([
      { n: 50, label: "row 50 of later" },
      { n: 49, label: "row 49 of later" },
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^batch_[0-9a-f]{24}$/);
    expect(sent[1]).toBe(ORDERED.name);
  });

  it("carries a JSON column inside the batch's answer as JSON, not as escaped text to parse again", async () => {
    const answers: pg.QueryResult[] = [];
    const recording: RunStatement = async (statement, values) => {
      const result = await run(statement, values);
      answers.push(result);
      return result;
    };
    const values = ["1.5", "2", false];
    const expected = await alone(TYPES, values);
    await alone(EMPTY, [0]);
    const [got] = await readTogether(owner, recording, () => Promise.all([readOf(TYPES, values), readOf(EMPTY, [0])]));
    expect(got).toEqual(expected);
    expect(got![0]).toMatchObject({ raw: { says: 'it\'s "quoted" \\ and ₹' }, json_null: null, json_text: "only text", no_doc: null });
    expect(answers).toHaveLength(1);
    const cells = (answers[0]!.rows[0] as Record<string, unknown[][]>).r0![0]!;
    // The batch's own answer: one row, a JSON array of each member's rows, columns in order.
    const columns = Object.keys(expected[0]!);
    expect(cells[columns.indexOf("raw")]).toEqual({ says: 'it\'s "quoted" \\ and ₹', amounts: [2.5, 12345678901234567000] });
    expect(cells[columns.indexOf("doc")]).toEqual({ k: [1, 2.5] });
    expect(cells[columns.indexOf("amount")]).toBe("1.5");
  });

  it("runs each read of a statement that failed on its own: the failing read gets its error, the others their rows", async () => {
    await alone(FAILS, [2]);
    await alone(EMPTY, [0]);
    sent = [];
    const [failed, fine, quotient] = await readTogether(owner, run, () =>
      Promise.all([readOf(FAILS, [0]).catch((error: unknown) => error), readOf(EMPTY, [1]), readOf(FAILS, [5])]),
    );
    expect((failed as pg.DatabaseError).message).toMatch(/division by zero/);
    expect(fine).toEqual([{ n: 2 }, { n: 3 }]);
    expect(quotient).toEqual([{ quotient: 2 }]);
    // The statement together, then each read alone.
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(/^batch_/);
  });

  it("sends alone a read whose text is not the one its name was learnt for", async () => {
    // Behind a transaction-mode pooler statements go unnamed (ADR 0079), so nothing stops one
    // name from carrying two texts.
    const unnamed: RunStatement = (statement, values) => run({ text: statement.text }, values);
    const first = { name: "batch_test_two_texts", text: "SELECT g AS n FROM generate_series(1, 3) AS g WHERE g > $1::int" };
    const second = { name: first.name, text: "SELECT g * 10 AS n FROM generate_series(1, 2) AS g WHERE g > $1::int" };
    await readTogether(owner, unnamed, () => readOf(first, [0]));
    sent = [];
    const [same, other] = await readTogether(owner, unnamed, () => Promise.all([readOf(first, [2]), readOf(second, [1])]));
    expect(same).toEqual([{ n: 3 }]);
    expect(other).toEqual([{ n: 20 }]);
    expect(sent).toEqual(["", ""]);
  });

  it("in a snapshot, refuses the reads of a failed statement with its own error (the transaction is aborted, so none runs again)", async () => {
    const prisma = createPrismaClient(db.current.url, { max: 1 });
    try {
      const failing = { name: "batch_test_snapshot_fails", text: "SELECT 10 / $1::int AS quotient" };
      const fine = { name: "batch_test_snapshot_fine", text: "SELECT $1::int AS n" };
      // Each alone first (its columns learnt), then both in one turn.
      expect(await readInOnePreparedSnapshot(prisma, (reader) => preparedQuery(reader, failing, [5]))).toEqual([{ quotient: 2 }]);
      expect(await readInOnePreparedSnapshot(prisma, (reader) => preparedQuery(reader, fine, [1]))).toEqual([{ n: 1 }]);
      const both = readInOnePreparedSnapshot(prisma, (reader) =>
        Promise.all([preparedQuery(reader, fine, [2]), preparedQuery(reader, failing, [0])]),
      );
      await expect(both).rejects.toThrow(/division by zero/);
      expect(
        await readInOnePreparedSnapshot(prisma, (reader) =>
          Promise.all([preparedQuery(reader, fine, [3]), preparedQuery(reader, failing, [1])]),
        ),
      ).toEqual([[{ n: 3 }], [{ quotient: 10 }]]);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("leaves reads outside its scope, and of another client, to run as they are", async () => {
    sent = [];
    const other = {};
    await readTogether(owner, run, async () => {
      // Only the scope's own client joins: a read on another sends its statement itself.
      expect(batchFor(other)).toBeUndefined();
      expect(batchFor(owner)).toBeDefined();
    });
    expect(batchFor(owner)).toBeUndefined();
  });
});

function readOf(statement: { name: string; text: string }, values: unknown[]) {
  return (batchFor(owner) as NonNullable<ReturnType<typeof batchFor>>).read<Record<string, unknown>>(statement, values);
}

describe("renumberParameters", () => {
  it("moves parameters up outside literals, quoted names and comments, and drops a trailing semicolon", () => {
    const { text, count } = renumberParameters(`SELECT $1::int, '$2 it''s', "col$3", x$4 -- $5\n FROM t WHERE a = $12 ;\n`, 10);
    expect(text).toBe(`SELECT $11::int, '$2 it''s', "col$3", x$4 -- $5\n FROM t WHERE a = $22`);
    expect(count).toBe(12);
  });
});
