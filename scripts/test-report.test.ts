import { describe, expect, it } from "vitest";
import { playwrightCounts, playwrightFailureEvidence, vitestCounts } from "./test-report.mjs";

const noTests = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };

describe("npm test's reading of the runners' reports", () => {
  it("counts a Playwright run whose specs could not load as failed, naming why", () => {
    // The shape of a real report: Playwright 1.59's transform refused a `declare` field in a module the fixtures import.
    const report = {
      stats: noTests,
      suites: [],
      errors: [
        {
          message:
            "SyntaxError: app/domain/investing/purchase-errors.server.ts: TypeScript 'declare' fields must first be transformed\n 31 | */",
        },
        { message: "Error: no server", location: { file: "tests/e2e/support/global-setup.ts", line: 3, column: 1 } },
      ],
    };
    const counts = playwrightCounts(report);
    expect(counts).toMatchObject({ passed: 0, failed: 2, skipped: 0 });
    expect(counts.failedNames).toEqual([
      "playwright: SyntaxError: app/domain/investing/purchase-errors.server.ts: TypeScript 'declare' fields must first be transformed",
      "tests/e2e/support/global-setup.ts: Error: no server",
    ]);
  });

  it("counts Playwright's failed and flaky tests by name", () => {
    const spec = (title: string, status: string) => ({ title, file: "admin.spec.ts", tests: [{ status }] });
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [{ specs: [spec("passes", "expected")], suites: [{ specs: [spec("fails", "unexpected"), spec("flakes", "flaky")] }] }],
    };
    expect(playwrightCounts(report)).toEqual({
      passed: 1,
      failed: 2,
      skipped: 0,
      failedNames: ["admin.spec.ts: fails", "admin.spec.ts: flakes"],
    });
  });

  it("counts a vitest file that failed without a failed test (it did not load) once, and a failed test once", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        { name: "a.test.ts", status: "passed", message: "", assertionResults: [{ status: "passed", fullName: "a" }] },
        {
          name: "b.test.ts",
          status: "failed",
          message: "",
          assertionResults: [
            { status: "passed", fullName: "b one" },
            { status: "failed", fullName: "b two" },
          ],
        },
        { name: "c.test.ts", status: "failed", message: "\nError: Cannot find module '~/gone'\n  at c.test.ts:1", assertionResults: [] },
      ],
    };
    expect(vitestCounts(report)).toEqual({
      passed: 3,
      failed: 2,
      skipped: 0,
      failedNames: ["b.test.ts: b two", "c.test.ts: Error: Cannot find module '~/gone'"],
    });
  });

  it("prints, for a failed browser test, what its page showed: buttons, notices and headings, not every link", () => {
    // The shape Playwright 1.59 writes: error-context.md with the page's aria snapshot.
    const links = Array.from(
      { length: 60 },
      (_, i) => `    - listitem [ref=e${10 + i}]:\n      - link "Ticket ${i}" [ref=e${100 + i}]`,
    ).join("\n");
    const errorContext = [
      "# Error details",
      "",
      "```",
      "Error: expect(locator).toBeVisible() failed",
      "```",
      "",
      "# Page snapshot",
      "",
      "```yaml",
      "- main [ref=e2]:",
      '  - heading "Support Tickets" [level=1] [ref=e3]',
      "  - list [ref=e7]:",
      links,
      '  - combobox "Status" [ref=e5]:',
      '    - option "Open"',
      '    - option "Resolved" [selected]',
      '  - button "Updating..." [disabled] [ref=e6]',
      "```",
    ].join("\n");
    const files: Record<string, string> = { "/results/payouts/error-context.md": errorContext };
    const result = (status: string, path?: string) => ({
      status,
      attachments: path ? [{ name: "error-context", contentType: "text/markdown", path }] : [],
    });
    const report = {
      suites: [
        {
          specs: [
            { title: "passes", file: "admin.spec.ts", tests: [{ projectName: "desktop", results: [result("passed")] }] },
            {
              title: "a withdrawal reaches the bank",
              file: "payouts.spec.ts",
              tests: [{ projectName: "mobile", results: [result("failed", "/results/payouts/error-context.md")] }],
            },
            { title: "times out", file: "kyc.spec.ts", tests: [{ projectName: "desktop", results: [result("timedOut", "/gone.md")] }] },
          ],
        },
      ],
    };
    expect(playwrightFailureEvidence(report, (path: string) => files[path] ?? null)).toEqual([
      {
        name: "payouts.spec.ts: a withdrawal reaches the bank [mobile]",
        lines: [
          '  - heading "Support Tickets" [level=1]',
          '  - combobox "Status":',
          '    - option "Resolved" [selected]',
          '  - button "Updating..." [disabled]',
        ],
      },
      { name: "kyc.spec.ts: times out [desktop]", lines: [] },
    ]);
  });
});
