import { createHash } from "node:crypto";
import { CsvError, parse } from "csv-parse/sync";
import { DomainError } from "~/domain/errors";
import { formatCount } from "~/lib/formats";
import type { Decimal } from "~/lib/money";
import { NUMERIC_16_2_MAX, parseRupees } from "~/lib/rupee-input";
import { mapColumns, missingColumns, STATEMENT_COLUMNS, type ColumnMap, type StatementField } from "./statement-columns";
import { referenceCodesIn } from "./reference-codes";

export class StatementError extends DomainError {}

/** A statement line as read from the file, before it is stored. */
export type ParsedLine = {
  /** Where it was in the file (1-based), for messages. */
  lineNumber: number;
  naturalKey: string;
  date: string;
  narration: string;
  credit: string | null;
  debit: string | null;
  balance: string;
  reference: string | null;
  referenceCodes: string[];
};

export const MOST_STATEMENT_LINES = 20_000;
// Banks put a few lines of account details above the table; the header is looked for this far.
const HEADER_SEARCH_ROWS = 25;
const MOST_NARRATION_CHARS = 1000;
const MOST_REFERENCE_CHARS = 64;

const refuse = (message: string) => new StatementError("bad_statement", message, 400, "statement");

/**
 * Reads an escrow-account statement (CSV, comma-separated, UTF-8) into lines, or refuses the
 * whole file with the first problem, naming its line and column: nothing of a bad file is kept.
 */
export function parseStatement(bytes: Uint8Array): ParsedLine[] {
  if (bytes.length === 0) throw refuse("The file is empty. Choose the statement exported from the bank as CSV.");
  if (bytes.includes(0)) throw refuse("This is not a CSV file. Export the statement from the bank as CSV (comma-separated).");
  const rows = readCsv(Buffer.from(bytes).toString("utf8"));
  const headerAt = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => missingColumns(mapColumns(row.cells)).length === 0);
  if (headerAt === -1) throw refuse(noHeaderMessage(rows));
  const columns = mapColumns(rows[headerAt]!.cells);
  const lines: ParsedLine[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    if (row.cells.every((cell) => cell === "")) continue;
    lines.push(readLine(row, columns));
    if (lines.length > MOST_STATEMENT_LINES) {
      throw refuse(`The file has more than ${formatCount(MOST_STATEMENT_LINES)} lines. Import it a month at a time.`);
    }
  }
  if (lines.length === 0) throw refuse("The file has a header but no statement lines.");
  return lines;
}

type Row = { lineNumber: number; cells: string[] };

function readCsv(text: string): Row[] {
  try {
    const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map(({ record, info }) => ({ lineNumber: info.lines, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const lines = (error as unknown as { lines?: unknown }).lines;
      const where = typeof lines === "number" ? `Line ${lines}: ` : "";
      const what = error.code === "CSV_QUOTE_NOT_CLOSED" ? "a quoted cell is never closed" : "a quote is misplaced in a cell";
      throw refuse(`${where}the file is not valid CSV (${what}).`);
    }
    throw error;
  }
}

function noHeaderMessage(rows: Row[]): string {
  const best = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .map((row) => missingColumns(mapColumns(row.cells)))
    .sort((a, b) => a.length - b.length)[0];
  const missing = (best ?? STATEMENT_COLUMNS.filter((c) => c.required)).map((c) => c.label);
  return `No header row found: the statement needs columns for Date, Narration, Credit, Debit and Balance (missing: ${missing.join(", ")}).`;
}

function readLine(row: Row, columns: ColumnMap): ParsedLine {
  const cell = (field: StatementField) => {
    const at = columns[field];
    return at === undefined ? "" : (row.cells[at] ?? "");
  };
  const at = (field: StatementField) => `Line ${row.lineNumber}, column ${STATEMENT_COLUMNS.find((c) => c.field === field)!.label}`;

  const date = readDate(cell("date"));
  if (!date) throw refuse(`${at("date")}: "${shorten(cell("date"))}" is not a date (write it as 05/12/2026, 2026-12-05 or 05-Dec-2026).`);
  // Control characters (a bank's stray tab or bell) become spaces: the narration is shown and matched as words.
  const narration = cell("narration")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!narration) throw refuse(`${at("narration")}: the narration is empty.`);
  if (narration.length > MOST_NARRATION_CHARS) throw refuse(`${at("narration")}: longer than ${MOST_NARRATION_CHARS} characters.`);
  const credit = readAmount(cell("credit"), at("credit"));
  const debit = readAmount(cell("debit"), at("debit"));
  if (credit && debit) throw refuse(`Line ${row.lineNumber}: both Credit and Debit have an amount; a line is one or the other.`);
  if (!credit && !debit) throw refuse(`Line ${row.lineNumber}: neither Credit nor Debit has an amount.`);
  const balance = readBalance(cell("balance"), at("balance"));
  const reference = readReference(cell("reference"), at("reference"));
  const line = {
    lineNumber: row.lineNumber,
    date,
    narration,
    credit: credit?.toFixed(2) ?? null,
    debit: debit?.toFixed(2) ?? null,
    balance: balance.toFixed(2),
    reference,
    referenceCodes: referenceCodesIn(narration),
  };
  return { ...line, naturalKey: naturalKey(line) };
}

const AMOUNT_MESSAGE = "is not an amount in rupees (digits, optional commas, at most 2 decimals)";

/** A credit or debit cell: empty, "-" and zero mean no amount on that side. */
function readAmount(raw: string, where: string): Decimal | null {
  if (raw === "" || raw === "-") return null;
  const parsed = parseRupees(raw, { message: `${where}: "${shorten(raw)}" ${AMOUNT_MESSAGE}.`, max: NUMERIC_16_2_MAX, allowZero: true });
  if (!parsed.ok) throw refuse(parsed.message.startsWith("Line") ? parsed.message : `${where}: ${parsed.message}.`);
  return parsed.value.isZero() ? null : parsed.value;
}

/** A balance, with the "Cr"/"Dr" some banks print after it (Dr: the account is overdrawn). */
function readBalance(raw: string, where: string): Decimal {
  const overdrawn = /\s*dr\.?$/i.test(raw);
  const text = raw.replace(/\s*(?:cr|dr)\.?$/i, "");
  const parsed = parseRupees(text, { message: `${where}: "${shorten(raw)}" ${AMOUNT_MESSAGE}.`, max: NUMERIC_16_2_MAX, allowZero: true });
  if (!parsed.ok) throw refuse(parsed.message.startsWith("Line") ? parsed.message : `${where}: ${parsed.message}.`);
  return overdrawn ? parsed.value.negated() : parsed.value;
}

/** A UTR or reference number; one made only of zeros (a cheque column left blank) is none. */
function readReference(raw: string, where: string): string | null {
  const text = raw.replace(/\s+/g, "").toUpperCase();
  if (text.length > MOST_REFERENCE_CHARS) throw refuse(`${where}: longer than ${MOST_REFERENCE_CHARS} characters.`);
  return /[1-9A-Z]/.test(text) ? text : null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** 05/12/2026, 05-12-26, 05.12.2026 (day first, as Indian banks print), 2026-12-05, 05-Dec-2026, 5 Dec 2026; a time after it is ignored. */
export function readDate(raw: string): string | null {
  const text = raw.replace(/\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?$/i, "").trim();
  let parts: [number, number, number] | null = null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (match) parts = [fullYear(match[3]!), Number(match[2]), Number(match[1])];
  match = /^(\d{1,2})[\s-]([a-z]{3})[a-z]*[\s-,]+(\d{2}|\d{4})$/i.exec(text);
  if (match) {
    const month = MONTHS.indexOf(match[2]!.toLowerCase()) + 1;
    if (month > 0) parts = [fullYear(match[3]!), month, Number(match[1])];
  }
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 2000) return null;
  return date.toISOString().slice(0, 10);
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * The line's identity across files: the bank's reference with the direction (a reversal may
 * reuse the credit's UTR), else a hash of everything the line says. The running balance is
 * part of the hash, so two equal transfers on one day remain two lines.
 */
function naturalKey(line: Omit<ParsedLine, "naturalKey">): string {
  if (line.reference) return `ref:${line.reference}:${line.credit ? "C" : "D"}`;
  const text = [line.date, line.narration.toUpperCase(), line.credit ?? "", line.debit ?? "", line.balance].join("|");
  return `line:${createHash("sha256").update(text).digest("hex")}`;
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
