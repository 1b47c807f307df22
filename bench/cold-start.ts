// How long `npm start` takes on a machine that has never run it: a fresh data directory, the
// embedded PostgreSQL's initdb, the migrations and the demo data, until `/` answers. ADR 0023
// gives it 20 s. Measured here, on a quiet host, rather than asserted in a test: a suite
// sharing two CPUs with browsers and other databases took 49 s for the same start.
//
// Alone: `npx tsx bench/cold-start.ts` (build first). `npm run bench` runs it before Lighthouse.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitForQuietHost } from "./host-quiet";
import { startApp } from "./lighthouse-bench";

export const COLD_START_BUDGET_SECONDS = 20;

export type ColdStartResult = {
  /** Seconds from spawning the server on an empty data directory until `/` answered 200. */
  coldSeconds: number;
  /** The same on the data directory the cold start left (migrations and demo data already there). */
  warmSeconds: number;
  quietHost: boolean;
};

async function untilHomeAnswers(origin: string): Promise<void> {
  for (;;) {
    const status = await fetch(`${origin}/`, { redirect: "manual" }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timedStart(dataDir: string, secret: string): Promise<number> {
  const started = performance.now();
  const app = await startApp(dataDir, secret);
  try {
    await untilHomeAnswers(app.origin);
    return (performance.now() - started) / 1000;
  } finally {
    await app.stop();
  }
}

export async function runColdStartBench(): Promise<ColdStartResult> {
  const quiet = await waitForQuietHost({ seconds: 5, maxSeconds: 120 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aangan-cold-start-"));
  const secret = randomBytes(32).toString("hex");
  try {
    const coldSeconds = await timedStart(dataDir, secret);
    const warmSeconds = await timedStart(dataDir, secret);
    return { coldSeconds, warmSeconds, quietHost: quiet.quiet };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function coldStartLine(result: ColdStartResult): string {
  const met = result.coldSeconds <= COLD_START_BUDGET_SECONDS ? "met" : "NOT met";
  return `cold start (fresh data directory to / answering): ${result.coldSeconds.toFixed(1)} s, budget ${COLD_START_BUDGET_SECONDS} s: ${met}; restart on that data: ${result.warmSeconds.toFixed(1)} s${result.quietHost ? "" : " (the host did not go quiet first)"}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("bench/cold-start.ts")) {
  runColdStartBench().then(
    (result) => {
      console.log(coldStartLine(result));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`cold start bench failed: ${(error as Error).stack ?? String(error)}`);
      process.exit(2);
    },
  );
}
