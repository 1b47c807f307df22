// Starts server.ts for Playwright on a fresh data directory, so every e2e run begins
// from a cold embedded database with only the demo data.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data/e2e-3210");
rmSync(dataDir, { recursive: true, force: true });
// node itself (not npx) so the stop signal reaches the server without a wrapper in between.
const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
