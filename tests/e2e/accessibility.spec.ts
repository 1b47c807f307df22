import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, type DemoPersona } from "./support/fixtures";
import { withE2eDatabase } from "./support/e2e-database";

// Every main page, public, investor, waitlist and admin, checked by axe-core against the
// WCAG 2.0/2.1/2.2 A and AA rules at a phone width and at desktop width. A serious or
// critical violation fails the page; the counts of every impact go into a table
// (test-results/axe-table.md) for the release notes. No rule is switched off, and the
// experimental label-in-name rule is switched on.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const WIDTHS = [
  { name: "390 px", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

type Visitor = DemoPersona | "visitor";
type PageCase = { path: string | (() => Promise<string>); as: Visitor };

const firstPropertyId = () =>
  withE2eDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "SELECT property_id AS id FROM investments JOIN user_profiles u USING (user_id) WHERE u.email = 'large@demo.aangan.in' ORDER BY property_id LIMIT 1",
    );
    if (!rows[0]) throw new Error("the large demo investor holds no property");
    return rows[0].id;
  });

const PAGES: PageCase[] = [
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
type Row = { page: string; as: Visitor; width: string; critical: number; serious: number; moderate: number; minor: number };
const rowKey = (label: string, as: Visitor, width: string) => `${width}__${as}__${label}`.replace(/[^\w.-]+/g, "_");
const labelOf = (entry: PageCase) =>
  typeof entry.path === "string" ? entry.path : entry.path.toString().includes("invest/") ? "/invest/:id" : "/dashboard/p/:id";

// Pages served without React (ADR 0024) never hydrate; the others are checked once React runs.
async function waitForHydration(page: Page) {
  await page.waitForLoadState("load");
  if (await page.evaluate(() => "__remixContext" in window)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

// All in one worker, in order, so the table is written once every page has been checked.
test.describe.configure({ mode: "default" });

test.afterAll(() => {
  mkdirSync(ROWS_DIR, { recursive: true });
  const expected = new Set(WIDTHS.flatMap((width) => PAGES.map((entry) => rowKey(labelOf(entry), entry.as, width.name))));
  const rows: Row[] = readdirSync(ROWS_DIR)
    .filter((file) => expected.has(file.replace(/\.json$/, "")))
    .map((file) => JSON.parse(readFileSync(path.join(ROWS_DIR, file), "utf8")) as Row);
  const order = (row: Row) => PAGES.findIndex((entry) => labelOf(entry) === row.page && entry.as === row.as);
  rows.sort((a, b) => order(a) - order(b) || a.width.localeCompare(b.width));
  const lines = [
    `axe-core, tags ${WCAG_TAGS.join(", ")}; ${rows.length} of ${expected.size} page × width checks recorded.`,
    "",
    "| Page | Signed in as | Width | Critical | Serious | Moderate | Minor |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.page} | ${r.as} | ${r.width} | ${r.critical} | ${r.serious} | ${r.moderate} | ${r.minor} |`),
  ];
  writeFileSync(TABLE_FILE, `${lines.join("\n")}\n`);
  console.log(`\n${lines.join("\n")}\n`);
});

for (const width of WIDTHS) {
  test.describe(`at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    for (const entry of PAGES) {
      const label = labelOf(entry);
      test(`${label} (${entry.as}) has no serious or critical WCAG violation`, async ({ page, signInAs }, testInfo) => {
        if (entry.as !== "visitor") await signInAs(entry.as);
        const target = typeof entry.path === "string" ? entry.path : await entry.path();
        const response = await page.goto(target);
        expect(response?.status(), `${target} answered`).toBeLessThan(400);
        await waitForHydration(page);
        const results = await new AxeBuilder({ page })
          .withTags(WCAG_TAGS)
          // WCAG 2.5.3 (label in name) is marked experimental in axe, so it is off unless asked for.
          .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
          .analyze();
        const count = (impact: string) => results.violations.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
        const row: Row = {
          page: label,
          as: entry.as,
          width: width.name,
          critical: count("critical"),
          serious: count("serious"),
          moderate: count("moderate"),
          minor: count("minor"),
        };
        mkdirSync(ROWS_DIR, { recursive: true });
        writeFileSync(path.join(ROWS_DIR, `${rowKey(label, entry.as, width.name)}.json`), JSON.stringify(row));
        const blocking = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
        if (blocking.length > 0)
          await testInfo.attach("axe violations", { body: JSON.stringify(blocking, null, 2), contentType: "application/json" });
        expect(blocking, `${target} at ${width.name}`).toEqual([]);
      });
    }
  });
}
