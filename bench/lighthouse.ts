// `npx tsx bench/lighthouse.ts`: only the Lighthouse part of `npm run bench` (build first).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { lighthouseTable, runLighthouseBench } from "./lighthouse-bench";
import { markdownTable } from "./stats";

const result = await runLighthouseBench();
if (!result.ran) {
  console.error(`lighthouse not run: ${result.reason}`);
  process.exit(2);
}
console.log(`\nLighthouse ${result.lighthouseVersion} (${result.chromiumBuild})\n${markdownTable(lighthouseTable(result))}`);
for (const page of result.pages) if (page.failedAudits.length) console.log(`${page.path}: ${page.failedAudits.join(", ")}`);
const file = path.resolve("bench/results", `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), lighthouse: result }, null, 2)}\n`);
console.log(`\nwritten: ${path.relative(process.cwd(), file)}`);
process.exit(result.pages.every((page) => page.budgetMet) && result.landingJsBudgetMet ? 0 : 1);
