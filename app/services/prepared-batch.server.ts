import { createHash } from "node:crypto";
import pg from "pg";
import { currentRequestContext, runInRequestContext } from "~/services/request-context.server";
import { singleton } from "~/services/singleton.server";

/**
 * Prepared reads sent together (ADR 0105): the reads a page starts in one turn of the event
 * loop go to PostgreSQL as one statement, each as a subquery whose rows come back as JSON text
 * and are parsed here with the driver's own type parsers, so every caller gets the rows it
 * would have got alone. A round trip costs the Node process about 50 µs of CPU on this stack
 * (pool checkout, protocol messages, a socket write and read, promise plumbing), and the
 * invest page sent ten of them at once.
 *
 * One statement is one snapshot and is atomic: if it fails, each read runs again on its own,
 * so each caller gets its own rows or its own error, as before (inside a transaction, which the
 * failure aborted, each is refused with the statement's error instead).
 */

export type BatchStatement = { name: string; text: string };
type Field = { name: string; dataTypeID: number };
type Pending = {
  statement: BatchStatement;
  values: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
};

/** How a batch reaches the database: one statement (named when `name` is set) on the client's pool. */
export type RunStatement = (statement: { name?: string; text: string }, values: unknown[]) => Promise<pg.QueryResult>;

// The batches open where the code runs, by the client (or snapshot) they read from.
const openBatches = () => currentRequestContext()?.batches;
// What each statement returns, learned from its first answer (a statement runs alone until then).
// By name, with the text it was learnt for: a read whose text differs (one name given to two
// texts, which only an unnamed-statement setup would let through) runs alone.
type Shape = { text: string; fields: Field[] | "alone" };
const shapes = singleton("prepared-batch-shapes", () => new Map<string, Shape>());
type Combined = { name: string; text: string; parameters: number[] };
const combined = singleton("prepared-batch-combined", () => new Map<string, Combined>());

// json_build_array takes at most 100 arguments; a read that wide runs alone.
const MAX_COLUMNS = 100;
// Each combination is a prepared statement on every connection; they are few (one or two per
// page), but a bound keeps an unexpected mix from growing the server's memory without end.
const MAX_COMBINATIONS = 200;
// The app's prepared reads are a few hundred; a bound all the same.
const MAX_SHAPES = 2000;

/**
 * Runs `work` with its prepared reads on `owner` (a client of createPrismaClient) sent together:
 * those started in the same turn of the event loop share one statement.
 */
export function readTogether<T>(
  owner: object,
  run: RunStatement,
  work: () => Promise<T>,
  options: { inTransaction?: boolean } = {},
): Promise<T> {
  const open = new Map(openBatches());
  open.set(owner, new ReadBatch(run, options.inTransaction ?? false));
  return runInRequestContext({ batches: open }, work);
}

/** The batch a prepared read on `owner` joins, if it runs inside readTogether for that client. */
export function batchFor(owner: object): ReadBatch | undefined {
  return openBatches()?.get(owner);
}

export class ReadBatch {
  private queue: Pending[] = [];

  /**
   * In a transaction a failed statement aborts it, so its reads cannot run again apart: each is
   * refused with the statement's own error instead.
   */
  constructor(
    private readonly run: RunStatement,
    private readonly inTransaction: boolean,
  ) {}

  read<Row>(statement: BatchStatement, values: unknown[]): Promise<Row[]> {
    return new Promise<unknown[]>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.flush());
      this.queue.push({ statement, values, resolve, reject });
    }) as Promise<Row[]>;
  }

  private flush(): void {
    const pending = this.queue;
    this.queue = [];
    // A promise settles once: this reaches only the reads a fault below left waiting.
    this.send(pending).catch((error: unknown) => pending.forEach((item) => item.reject(error)));
  }

  private async send(pending: Pending[]): Promise<void> {
    const together = pending.filter((item) => fieldsOf(item.statement) !== undefined);
    const apart = pending.filter((item) => !together.includes(item));
    if (together.length === 1) apart.push(together.pop() as Pending);
    await Promise.all([...apart.map((item) => this.alone(item)), together.length > 0 ? this.combine(together) : undefined]);
  }

  private async alone(item: Pending): Promise<void> {
    try {
      const result = await this.run(item.statement, item.values);
      learnShape(item.statement, result.fields);
      item.resolve(result.rows);
    } catch (error) {
      item.reject(error);
    }
  }

  private async combine(items: Pending[]): Promise<void> {
    const statement = combinedStatement(items.map((item) => item.statement));
    if (!statement || items.some((item, index) => item.values.length !== statement.parameters[index])) {
      await Promise.all(items.map((item) => this.alone(item)));
      return;
    }
    let row: Record<string, unknown>;
    try {
      const result = await this.run(
        statement,
        items.flatMap((item) => item.values),
      );
      row = result.rows[0] as Record<string, unknown>;
    } catch (error) {
      if (this.inTransaction) {
        items.forEach((item) => item.reject(error));
        return;
      }
      // Atomic, so nothing of it stayed: each read again on its own, with its own outcome.
      await Promise.all(items.map((item) => this.alone(item)));
      return;
    }
    items.forEach((item, index) => item.resolve(rowsOf(row[`r${index}`], fieldsOf(item.statement) as Field[])));
  }
}

function learnShape(statement: BatchStatement, fields: Field[]): void {
  if (shapes.has(statement.name) || shapes.size >= MAX_SHAPES) return;
  const simple = fields.length > 0 && fields.length <= MAX_COLUMNS && !/\$[A-Za-z_]*\$/.test(statement.text);
  shapes.set(statement.name, {
    text: statement.text,
    fields: simple ? fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : "alone",
  });
}

function fieldsOf(statement: BatchStatement): Field[] | undefined {
  const shape = shapes.get(statement.name);
  return shape && shape.text === statement.text && shape.fields !== "alone" ? shape.fields : undefined;
}

// PostgreSQL's json and jsonb: a column of these goes into the member's array as the JSON it is,
// so the batch's one JSON.parse reads it. As text it was escaped there and parsed twice here,
// and the overview's many-row reads are single rows of JSON arrays (ADR 0108).
const JSON_TYPES = new Set([114, 3802]);
const isJson = (field: Field) => JSON_TYPES.has(field.dataTypeID);

// Each member's rows as a JSON array of arrays of its columns' text (their output form, which is
// what the wire carries), JSON columns as themselves; the column list renames them by position,
// so any names work.
function combinedStatement(members: BatchStatement[]): Combined | undefined {
  const key = members.map((member) => member.name).join("\u0000");
  const known = combined.get(key);
  if (known) return known;
  if (combined.size >= MAX_COMBINATIONS) return undefined;
  let offset = 0;
  const parameters: number[] = [];
  const columns = members.map((member, index) => {
    const fields = fieldsOf(member) as Field[];
    const names = fields.map((_, column) => `c${column}`);
    const body = renumberParameters(member.text, offset);
    offset += body.count;
    parameters.push(body.count);
    const cells = names.map((column, at) => (isJson(fields[at] as Field) ? `q.${column}` : `q.${column}::text`)).join(", ");
    return `(SELECT coalesce(json_agg(json_build_array(${cells})), '[]'::json) FROM (\n${body.text}\n) AS q(${names.join(", ")})) AS r${index}`;
  });
  const text = `SELECT ${columns.join(",\n")}`;
  const statement = { name: `batch_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`, text, parameters };
  combined.set(key, statement);
  return statement;
}

/**
 * The statement's parameters moved up by `offset` ($1 becomes $(offset+1)), outside its string
 * literals, quoted names and comments; `count` is its highest parameter number.
 */
export function renumberParameters(text: string, offset: number): { text: string; count: number } {
  let out = "";
  let count = 0;
  let index = 0;
  const body = text.replace(/[\s;]+$/, "");
  while (index < body.length) {
    const char = body[index];
    if (char === "'" || char === '"') {
      const end = closingQuote(body, index, char);
      out += body.slice(index, end);
      index = end;
    } else if (char === "-" && body[index + 1] === "-") {
      const end = body.indexOf("\n", index);
      const stop = end === -1 ? body.length : end;
      out += body.slice(index, stop);
      index = stop;
    } else if (char === "$" && /[0-9]/.test(body[index + 1] ?? "") && !/[A-Za-z0-9_]/.test(body[index - 1] ?? "")) {
      const digits = /^[0-9]+/.exec(body.slice(index + 1))?.[0] as string;
      const number = Number(digits);
      count = Math.max(count, number);
      out += `$${number + offset}`;
      index += 1 + digits.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return { text: out, count };
}

function closingQuote(text: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < text.length) {
    if (text[index] === quote) {
      if (text[index + 1] === quote) index += 2;
      else return index + 1;
    } else index += 1;
  }
  return text.length;
}

// A JSON column arrives already parsed, as the driver's own parser (JSON.parse) would give it.
const asParsed = (value: string) => value as unknown;

function rowsOf(json: unknown, fields: Field[]): Record<string, unknown>[] {
  const cells = (typeof json === "string" ? JSON.parse(json) : json) as (string | null)[][];
  const parsers = fields.map((field) =>
    isJson(field) ? asParsed : (pg.types.getTypeParser(field.dataTypeID, "text") as (value: string) => unknown),
  );
  return cells.map((values) => {
    const row: Record<string, unknown> = {};
    for (let column = 0; column < fields.length; column++) {
      const value = values[column] as string | null;
      row[(fields[column] as Field).name] = value === null ? null : (parsers[column] as (text: string) => unknown)(value);
    }
    return row;
  });
}
