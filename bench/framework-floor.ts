// `npx tsx bench/framework-floor.ts`: what the stack itself allows a page (issue 32). Builds the
// smallest Remix app there is (bench/framework-floor/: a root with no stylesheet, a "Hello"
// page, and a twenty-row table behind a loader that waits 1 ms), serves it as the Remix docs
// do (Express and @remix-run/express, with a /healthz Express answers alone) in one process
// pinned to CPU 0, and drives each path from this process on the other CPU. The ratios are
// the ceiling for any page of ours, which adds a session, a layout, security headers,
// compression and real reads to the same framework, against our own /healthz.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { drive } from "./http-bench";
import { cpuSeconds } from "./proc-cpu";

const SECONDS = Number(process.env.FLOOR_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.FLOOR_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.FLOOR_ROUNDS ?? 2);
const PORT = 3987;
const here = path.resolve("bench/framework-floor");

function buildFloorApp(buildDirectory: string) {
  // Remix's CLI, as `npm run build` does: it runs the browser build and then the server's.
  execFileSync(path.resolve("node_modules/.bin/remix"), ["vite:build", "--config", path.join(here, "vite.config.ts")], {
    env: { ...process.env, FLOOR_BUILD_DIR: buildDirectory, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function startFloorServer(buildDirectory: string) {
  const child = spawn("taskset", ["-c", "0", process.execPath, path.join(here, "server.mjs"), buildDirectory, String(PORT)], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return child;
}

async function main(): Promise<number> {
  // Inside the repository, so the server build finds react and Remix in its node_modules.
  const buildDirectory = path.join(here, "build");
  rmSync(buildDirectory, { recursive: true, force: true });
  try {
    buildFloorApp(buildDirectory);
    const server = await startFloorServer(buildDirectory);
    try {
      const base = `http://127.0.0.1:${PORT}`;
      // The server's own CPU per request (taskset execs node, so the child's pid is the server's).
      const serverCpu = () => cpuSeconds((_command, pid) => pid === server.pid);
      console.log(`| round | /healthz req/s, µs | "Hello" req/s, µs (÷ /healthz) | twenty rows req/s, µs (÷ /healthz) |`);
      console.log(`|---|---:|---:|---:|`);
      for (let round = 1; round <= ROUNDS; round++) {
        const rates: number[] = [];
        const costs: number[] = [];
        for (const page of ["/healthz", "/", "/rows"]) {
          await drive(`${base}${page}`, 4, 1); // warm-up
          const cpu0 = serverCpu();
          const result = await drive(`${base}${page}`, CONCURRENCY, SECONDS);
          costs.push(Math.round(((serverCpu() - cpu0) / result.requests) * 1e6));
          if (result.failures > 0 || result.statuses["200"] !== result.requests)
            throw new Error(`${page}: ${JSON.stringify(result.statuses)}`);
          rates.push(result.rps);
        }
        const [healthz, hello, rows] = rates as [number, number, number];
        const ratio = (rps: number) => (rps / healthz).toFixed(3);
        const [healthzCost, helloCost, rowsCost] = costs as [number, number, number];
        console.log(
          `| ${round} | ${healthz}, ${healthzCost} | ${hello}, ${helloCost} (${ratio(hello)}) | ${rows}, ${rowsCost} (${ratio(rows)}) |`,
        );
      }
    } finally {
      server.kill();
    }
    return 0;
  } finally {
    rmSync(buildDirectory, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
