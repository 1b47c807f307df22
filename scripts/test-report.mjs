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
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === "unexpected" || test.status === "flaky").map(() => `${spec.file}: ${spec.title}`),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return {
    passed: report.stats.expected,
    failed: report.stats.unexpected + report.stats.flaky + errors.length,
    skipped: report.stats.skipped,
    failedNames: [
      ...(report.suites ?? []).flatMap(walk),
      ...errors.map((error) => `${error.location?.file ?? "playwright"}: ${firstLine(error.message) || "an error outside any test"}`),
    ],
  };
}

function firstLine(text) {
  return (text ?? "").split("\n").find((line) => line.trim() !== "") ?? "";
}
