// `npm test`: the whole suite. Builds the app, type-checks and lints, runs vitest (unit + integration on real
// PostgreSQL) and Playwright (e2e on Debian's Chromium against the production build),
// then prints one closing line "N passed, N failed".
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { playwrightCounts, playwrightFailureEvidence, vitestCounts } from "./test-report.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const root = process.getuid?.() === 0;
  if (!root) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** The e2e server stops its PostgreSQL on shutdown; give it the time to finish. */
async function waitForClusterToStop(dataDir) {
  const pidFile = `${dataDir}/pg/postmaster.pid`;
  for (let waited = 0; waited < 20_000 && existsSync(pidFile); waited += 250) {
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    try {
      process.kill(pid, 0);
    } catch {
      return; // a stale file from a killed cluster; PostgreSQL clears it on the next start
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return result.status ?? 1;
}

function readCounts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0, skipped: 0, missing: true };
  }
}

// What each failed browser test's page showed (buttons, notices, headings): a run's log is all a later reader has.
function readEvidence(file) {
  const readText = (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return null;
    }
  };
  const report = readText(file);
  if (report === null) return [];
  try {
    return playwrightFailureEvidence(JSON.parse(report), readText);
  } catch {
    return [];
  }
}

ensureChromium();
mkdirSync("test-results", { recursive: true });
const buildStatus = run("npx", ["remix", "vite:build"]);
if (buildStatus !== 0) {
  console.error("Build failed.");
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}

// Strict TypeScript is part of the suite: a type error fails it like a failing test.
const typecheckStatus = run("npx", ["tsc", "--noEmit"]);
if (typecheckStatus !== 0) console.error("Type check failed.");

// So is lint: ESLint (layer rules included) and Prettier's formatting. `npm run format` fixes most of it.
const eslintStatus = run("npx", ["eslint", "."]);
const prettierStatus = run("npx", ["prettier", "--check", "."]);
const lintStatus = eslintStatus === 0 && prettierStatus === 0 ? 0 : 1;
if (lintStatus !== 0) console.error("Lint failed (run `npm run format`, then fix what ESLint still reports).");

const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest-results.json",
]);
const e2eStatus = run("npx", ["playwright", "test"]);

// The books must still balance after everything the browser tests bought and moved.
const e2eDataDir = `.data/e2e-${process.env.E2E_PORT ?? 3210}`;
await waitForClusterToStop(e2eDataDir);
const ledgerStatus = spawnSync("npx", ["tsx", "scripts/ledger-check.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: "", DATA_DIR: e2eDataDir },
}).status;

const unit = readCounts("test-results/vitest-results.json", vitestCounts);
const e2e = readCounts("test-results/e2e-results.json", playwrightCounts);
const failedNames = [...(unit.failedNames ?? []), ...(e2e.failedNames ?? [])];
for (const { name, lines } of readEvidence("test-results/e2e-results.json")) {
  if (lines.length > 0) console.log(`\nThe page when ${name} failed:\n${lines.join("\n")}`);
}
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  - ${name}`).join("\n")}`);

const passed = unit.passed + e2e.passed;
const failed =
  unit.failed +
  e2e.failed +
  (unit.missing || e2e.missing ? 1 : 0) +
  (ledgerStatus === 0 ? 0 : 1) +
  (typecheckStatus === 0 ? 0 : 1) +
  (lintStatus === 0 ? 0 : 1);
const skipped = unit.skipped + e2e.skipped;
console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed; ledger after e2e: ${ledgerStatus === 0 ? "balanced" : "FAILED"}; types: ${typecheckStatus === 0 ? "ok" : "FAILED"}; lint: ${lintStatus === 0 ? "ok" : "FAILED"}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(
  typecheckStatus === 0 && lintStatus === 0 && vitestStatus === 0 && e2eStatus === 0 && ledgerStatus === 0 && failed === 0 && skipped === 0
    ? 0
    : 1,
);
