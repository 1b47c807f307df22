// The pages and widths tests/e2e/accessibility.spec.ts checks with axe-core, and the table of
// their counts (test-results/axe-table.md). Each test writes its row to a file; the table is
// written once every worker has finished (the e2e global teardown), so the spec's tests can
// run in parallel across workers.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DemoPersona } from "./fixtures";
import { withE2eDatabase } from "./e2e-database";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export const WIDTHS = [
  { name: "390 px", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

export type Visitor = DemoPersona | "visitor";
export type PageCase = { path: string | (() => Promise<string>); as: Visitor };

const firstPropertyId = () =>
  withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "SELECT property_id AS id FROM investments JOIN user_profiles u USING (user_id) WHERE u.email = 'large@demo.aangan.in' ORDER BY property_id LIMIT 1",
    );
    if (!rows[0]) throw new Error("the large demo investor holds no property");
    return rows[0].id;
  });

export const PAGES: PageCase[] = [
  { path: "/", as: "visitor" },
  { path: "/auth", as: "visitor" },
  { path: "/properties", as: "visitor" },
  { path: async () => `/invest/${await firstPropertyId()}`, as: "visitor" },
  { path: "/faq", as: "visitor" },
  { path: "/fees", as: "visitor" },
  { path: "/contact", as: "visitor" },
  { path: "/privacy", as: "visitor" },
  { path: "/privacy/notice", as: "visitor" },
  { path: "/terms", as: "visitor" },
  { path: "/risk-disclosure", as: "visitor" },
  { path: "/welcome", as: "large" },
  { path: "/properties", as: "large" },
  { path: "/trading", as: "large" },
  { path: "/kyc", as: "kyc-pending" },
  { path: "/dashboard/overview", as: "large" },
  { path: "/dashboard/wallet", as: "large" },
  { path: "/dashboard/transactions", as: "large" },
  { path: "/dashboard/statements", as: "large" },
  { path: "/dashboard/notifications", as: "large" },
  { path: "/dashboard/watchlist", as: "large" },
  { path: "/dashboard/sell-requests", as: "large" },
  { path: "/dashboard/support", as: "large" },
  { path: "/dashboard/complaints", as: "large" },
  { path: "/dashboard/data-rights", as: "large" },
  { path: "/dashboard/updates", as: "large" },
  { path: async () => `/dashboard/p/${await firstPropertyId()}`, as: "large" },
  { path: "/waitlist-dashboard/overview", as: "waitlist" },
  { path: "/waitlist-dashboard/watchlist", as: "waitlist" },
  { path: "/waitlist-dashboard/wallet", as: "waitlist" },
  { path: "/waitlist-dashboard/learn", as: "waitlist" },
  { path: "/waitlist-dashboard/support", as: "waitlist" },
  { path: "/dashboard/data-rights", as: "waitlist" },
  { path: "/dashboard/data-rights", as: "explorer" },
  { path: "/watchlist", as: "explorer" },
  { path: "/notifications", as: "explorer" },
  { path: "/admin", as: "admin" },
  { path: "/admin/kyc", as: "admin" },
  { path: "/admin/users", as: "admin" },
  { path: "/admin/properties", as: "admin" },
  { path: "/admin/properties/new", as: "admin" },
  { path: "/admin/investments", as: "admin" },
  { path: "/admin/share-trading", as: "admin" },
  { path: "/admin/approvals", as: "admin" },
  { path: "/admin/support", as: "admin" },
  { path: "/admin/grievances", as: "admin" },
  { path: "/admin/audit", as: "admin" },
  { path: "/admin/notes-analysis", as: "admin" },
  { path: "/admin/bank-statements", as: "admin" },
];

const ROWS_DIR = path.resolve("test-results/axe-rows");
const TABLE_FILE = path.resolve("test-results/axe-table.md");
export type Row = { page: string; as: Visitor; width: string; critical: number; serious: number; moderate: number; minor: number };
const rowKey = (label: string, as: Visitor, width: string) => `${width}__${as}__${label}`.replace(/[^\w.-]+/g, "_");
export const labelOf = (entry: PageCase) =>
  typeof entry.path === "string" ? entry.path : entry.path.toString().includes("invest/") ? "/invest/:id" : "/dashboard/p/:id";

/** Rows (and a table) left by an earlier run must not stand in for checks this run did not make. */
export function clearAxeRows() {
  rmSync(ROWS_DIR, { recursive: true, force: true });
  rmSync(TABLE_FILE, { force: true });
}

/** One check's counts, kept for the table the run's teardown writes. */
export function recordAxeRow(row: Row) {
  mkdirSync(ROWS_DIR, { recursive: true });
  writeFileSync(path.join(ROWS_DIR, `${rowKey(row.page, row.as, row.width)}.json`), JSON.stringify(row));
}

/** The table of every row this run recorded, in the order of PAGES and then WIDTHS. */
export function writeAxeTable() {
  mkdirSync(ROWS_DIR, { recursive: true });
  const expected = new Set(WIDTHS.flatMap((width) => PAGES.map((entry) => rowKey(labelOf(entry), entry.as, width.name))));
  const rows: Row[] = readdirSync(ROWS_DIR)
    .filter((file) => expected.has(file.replace(/\.json$/, "")))
    .map((file) => JSON.parse(readFileSync(path.join(ROWS_DIR, file), "utf8")) as Row);
  if (rows.length === 0) return;
  const order = (row: Row) => PAGES.findIndex((entry) => labelOf(entry) === row.page && entry.as === row.as);
  const widthOrder = (row: Row) => WIDTHS.findIndex((width) => width.name === row.width);
  rows.sort((a, b) => order(a) - order(b) || widthOrder(a) - widthOrder(b));
  const lines = [
    `axe-core, tags ${WCAG_TAGS.join(", ")}; ${rows.length} of ${expected.size} page × width checks recorded.`,
    "",
    "| Page | Signed in as | Width | Critical | Serious | Moderate | Minor |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.page} | ${r.as} | ${r.width} | ${r.critical} | ${r.serious} | ${r.moderate} | ${r.minor} |`),
  ];
  writeFileSync(TABLE_FILE, `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}\n`);
}
