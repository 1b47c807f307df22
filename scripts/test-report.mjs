// How `npm test` reads the two runners' JSON reports. A file that never ran its tests (it failed
// to load, or the runner could not transform it) is a failure too: it has no failed test of its
// own, so counting only failed tests let a run in which Playwright loaded no spec at all close
// with "3418 passed, 0 failed".

/** Counts from vitest's JSON report; `failedNames` names every failed test and every file that failed without one. */
export function vitestCounts(report) {
  const unloaded = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + unloaded.length,
    skipped: report.numPendingTests + report.numTodoTests,
    failedNames: [
      ...report.testResults.flatMap((file) =>
        file.assertionResults.filter((test) => test.status === "failed").map((test) => `${file.name}: ${test.fullName}`),
      ),
      ...unloaded.map((file) => `${file.name}: ${firstLine(file.message) || "the file failed without a failed test"}`),
    ],
  };
}

/** Counts from Playwright's JSON report; its top-level `errors` are what kept specs from loading or running. */
export function playwrightCounts(report) {
  const errors = report.errors ?? [];
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + errors.length,
    skipped: report.stats.skipped,
    failedNames: [
      ...everyTest(report)
        .filter(({ test }) => test.status === "unexpected" || test.status === "flaky")
        .map(({ spec }) => `${spec.file}: ${spec.title}`),
      ...errors.map((error) => `${error.location?.file ?? "playwright"}: ${firstLine(error.message) || "an error outside any test"}`),
    ],
  };
}

/** Every test of a Playwright JSON report, with its spec, however deep its suites nest. */
function everyTest(report) {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.map((test) => ({ spec, test }))),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (report.suites ?? []).flatMap(walk);
}

function firstLine(text) {
  return (text ?? "").split("\n").find((line) => line.trim() !== "") ?? "";
}

// The roles whose lines say what a page was doing when a browser test failed: a button still
// "Updating...", a form's error, a notice, the heading of the page it was on.
const TELLING_LINE = /^\s*- (?:button|alert|alertdialog|status|dialog|heading|combobox|textbox|option\b.*\[selected\])/;
const EVIDENCE_LINES = 40;

/**
 * For each failed Playwright test, the telling lines of the page snapshot Playwright saved with
 * its error (error-context.md). A clean CI run keeps only its log, so this is what a later reader
 * has of the page at the failure. `readText(path)` returns a file's text or null.
 */
export function playwrightFailureEvidence(report, readText) {
  const failures = everyTest(report).flatMap(({ spec, test }) =>
    (test.results ?? [])
      .filter((result) => result.status !== "passed" && result.status !== "skipped")
      .map((result) => ({ name: `${spec.file}: ${spec.title}${test.projectName ? ` [${test.projectName}]` : ""}`, result })),
  );
  return failures.map(({ name, result }) => {
    const context = result.attachments?.find((attachment) => attachment.name === "error-context" && attachment.path);
    const text = context ? readText(context.path) : null;
    return { name, lines: text === null ? [] : tellingLines(text) };
  });
}

function tellingLines(errorContext) {
  const snapshot = /# Page snapshot\s*```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1] ?? "";
  const lines = snapshot.split("\n").filter((line) => TELLING_LINE.test(line));
  const shown = lines.slice(0, EVIDENCE_LINES).map((line) => line.replace(/ \[ref=e\d+\]/g, ""));
  return lines.length > EVIDENCE_LINES ? [...shown, `  … ${lines.length - EVIDENCE_LINES} more`] : shown;
}
