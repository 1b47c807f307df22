/**
 * The columns a bank statement CSV may have (ADR 0062), each with the header names banks
 * use for it. Headers are compared lower-case, without dots, currency marks or extra spaces,
 * so "Deposit Amt.", "DEPOSIT AMT" and "Deposit Amt (INR)" are one name. Where a file has two
 * columns for one field (HDFC's "Date" and "Value Dt"), the earlier name in the list wins.
 */
export type StatementField = "date" | "narration" | "credit" | "debit" | "balance" | "reference";

export type StatementColumn = { field: StatementField; label: string; required: boolean; headers: string[] };

export const STATEMENT_COLUMNS: readonly StatementColumn[] = [
  {
    field: "date",
    label: "Date",
    required: true,
    headers: ["date", "txn date", "transaction date", "tran date", "posting date", "value date", "value dt"],
  },
  {
    field: "narration",
    label: "Narration",
    required: true,
    headers: ["narration", "description", "particulars", "remarks", "transaction remarks", "details"],
  },
  {
    field: "credit",
    label: "Credit",
    required: true,
    headers: ["credit", "deposit amt", "deposit amount", "deposit", "deposits", "credit amount", "credit amt", "cr amount", "cr"],
  },
  {
    field: "debit",
    label: "Debit",
    required: true,
    headers: ["debit", "withdrawal amt", "withdrawal amount", "withdrawal", "withdrawals", "debit amount", "debit amt", "dr amount", "dr"],
  },
  {
    field: "balance",
    label: "Balance",
    required: true,
    headers: ["balance", "closing balance", "running balance", "available balance", "balance amt"],
  },
  {
    field: "reference",
    label: "Reference",
    required: false,
    headers: [
      "reference",
      "reference no",
      "ref no",
      "chq/ref no",
      "chq/refno",
      "cheque/ref no",
      "utr",
      "utr no",
      "utr number",
      "bank reference",
    ],
  },
];

/** A header cell as compared: "Chq./Ref.No." → "chq/refno", "Deposit Amt (INR)" → "deposit amt". */
export function normalizeHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/\((?:inr|₹|rs\.?)\)/g, "")
    .replace(/[.₹]/g, "")
    .replace(/\s*\/\s*/g, "/")
    .replace(/\s+/g, " ")
    .trim();
}

export type ColumnMap = Partial<Record<StatementField, number>>;

/** Which cell of a row holds each field, by the first synonym the row has. */
export function mapColumns(row: string[]): ColumnMap {
  const names = row.map(normalizeHeader);
  const map: ColumnMap = {};
  for (const column of STATEMENT_COLUMNS) {
    for (const header of column.headers) {
      const at = names.indexOf(header);
      if (at !== -1) {
        map[column.field] = at;
        break;
      }
    }
  }
  return map;
}

export const missingColumns = (map: ColumnMap) => STATEMENT_COLUMNS.filter((c) => c.required && map[c.field] === undefined);
