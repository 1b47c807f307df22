// `npm start` serves the production build. npm install already built it; this rebuilds
// only when app sources changed since (or the build is missing), so starts stay fast.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const buildEntry = path.resolve("build/server/index.js");
const sources = ["app", "public", "vite.config.ts", "remix.config.js", "package.json", "scripts/build-service-worker.mjs"];
// A build from before the service worker existed has everything else; it still needs redoing.
const serviceWorker = path.resolve("build/client/sw.js");

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((latest, name) => Math.max(latest, newestChange(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
if (!existsSync(serviceWorker) || sources.some((source) => newestChange(source) > builtAt)) {
  console.log("Building the app (sources changed since the last build)...");
  execFileSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
}
