// Lighthouse (mobile emulation, simulated throttling: Lighthouse's defaults) on the main pages
// of a production build, driving Debian's Chromium. Part of `npm run bench`, never of `npm test`.
// The app runs on its own embedded database in a temp DATA_DIR with the demo data; the signed-in
// pages use a session written straight into that database, as the e2e fixtures do.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { findFreePort } from "~/services/free-port.server";
import { waitForQuietHost } from "./host-quiet";

export const RUNS_PER_PAGE = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** When set, the median run's full Lighthouse report of each page is written there (for reading every audit). */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PERSONA = "large@demo.aangan.in";
const SESSION_COOKIE = "__Host-aangan_session";

export type Budget = { performance: number; accessibility: number; "best-practices": number; seo: number | null };
const PUBLIC_BUDGET: Budget = { performance: 95, accessibility: 100, "best-practices": 100, seo: 95 };
// A crawler reaching a signed-in page is sent to sign in, so the SEO budget is the public pages' only (ADR 0019).
const SIGNED_IN_BUDGET: Budget = { ...PUBLIC_BUDGET, seo: null };
export const LANDING_JS_BUDGET_BYTES = 90 * 1024;
/** Before the first page: seconds in a row the host must be quiet, and the longest wait for it. */
const QUIET_SECONDS = Number(process.env.BENCH_LIGHTHOUSE_QUIET_SECONDS ?? 5);
const QUIET_MAX_SECONDS = Number(process.env.BENCH_LIGHTHOUSE_QUIET_MAX_SECONDS ?? 120);

export type CategoryId = "performance" | "accessibility" | "best-practices" | "seo";
const CATEGORIES: CategoryId[] = ["performance", "accessibility", "best-practices", "seo"];

export type LighthousePageResult = {
  path: string;
  signedIn: boolean;
  budget: Budget;
  runs: number;
  /** Median of the runs, 0–100. */
  scores: Record<CategoryId, number>;
  allScores: Record<CategoryId, number[]>;
  metrics: { lcpMs: number; tbtMs: number; cls: number; fcpMs: number };
  /** JavaScript the page downloaded, bytes on the wire (gzip). */
  scriptTransferBytes: number;
  /** The largest of those scripts, for finding what to trim. */
  largestScripts: { url: string; transferBytes: number }[];
  /** Audits that lost points in the median run, for fixing what stands in the way. */
  failedAudits: string[];
  /** The element Lighthouse took as the largest paint in the median run (its HTML, shortened). */
  lcpElement: string | null;
  /**
   * Lighthouse's CPU benchmark of this machine during the runs (median). Its 4x CPU slowdown
   * assumes a host of about 1000 or more; below that, TBT and the performance score come out worse
   * than a mid-range phone would see.
   */
  benchmarkIndex: number;
  /**
   * How long the host took to go quiet before the page's runs (at most 15% of its CPUs busy for
   * a few seconds in a row), and whether it did: a run on a busy host is marked, not trusted.
   */
  quietHost: { quiet: boolean; waitedSeconds: number };
  budgetMet: boolean;
};

export type LighthouseBenchResult =
  | {
      ran: true;
      lighthouseVersion: string;
      chromium: string;
      chromiumBuild: string;
      pages: LighthousePageResult[];
      landingJsBudgetMet: boolean;
    }
  | { ran: false; reason: string };

type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  environment: { hostUserAgent: string; benchmarkIndex: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string; details?: unknown }>;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function waitForExit(child: ChildProcess) {
  return new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
}

export async function startApp(dataDir: string, secret: string) {
  const port = await findFreePort();
  const child = spawn("node_modules/.bin/tsx", ["server.ts"], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO_DATA: "true",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  // localhost, not 127.0.0.1: Chromium keeps a Secure (__Host-) cookie only on a secure context, which localhost is.
  const origin = `http://localhost:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr.trim()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = waitForExit(child);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 20_000);
    await exited;
    clearTimeout(timer);
  };
  return { origin, stop };
}

/** The app's embedded cluster; its port is in postmaster.pid (line 4). */
async function withAppDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const port = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[3]);
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "aangan-local", database: "aangan" });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A session row for the demo persona and the signed cookie the app will accept for it. */
export async function signIn(dataDir: string, secret: string): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  await withAppDatabase(dataDir, async (client) => {
    const { rows } = await client.query<{ user_id: string }>("SELECT user_id FROM user_profiles WHERE email = $1", [PERSONA]);
    const userId = rows[0]?.user_id;
    if (!userId) throw new Error(`the demo data has no ${PERSONA}`);
    await client.query(
      `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, idle_expires_at, absolute_expires_at, user_agent)
       VALUES ($1, $2, now(), now(), now() + interval '1 day', now() + interval '1 day', 'lighthouse bench')`,
      [createHash("sha256").update(sessionId).digest("hex"), userId],
    );
  });
  const serialized = await createCookie(SESSION_COOKIE, { secrets: [secret] }).serialize(sessionId);
  return serialized.slice(0, serialized.indexOf(";"));
}

export async function openPropertyId(dataDir: string): Promise<string> {
  return withAppDatabase(dataDir, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM properties WHERE property_status = 'open' ORDER BY created_at, id LIMIT 1",
    );
    if (!rows[0]) throw new Error("the demo data has no open property");
    return rows[0].id;
  });
}

function failedAudits(lhr: Lhr): string[] {
  const failed = new Set<string>();
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") continue;
      failed.add(`${ref.id} (${Math.round(audit.score * 100)})`);
    }
  }
  return [...failed];
}

function scripts(lhr: Lhr): { url: string; transferBytes: number }[] {
  const details = lhr.audits["network-requests"]?.details as
    { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: new URL(item.url).pathname, transferBytes: item.transferSize ?? 0 }))
    .sort((a, b) => b.transferBytes - a.transferBytes);
}

function lcpElement(lhr: Lhr): string | null {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const snippet = details?.items?.[0]?.items?.[0]?.node?.snippet;
  return snippet ? snippet.slice(0, 300) : null;
}

const scriptBytes = (lhr: Lhr) => scripts(lhr).reduce((sum, script) => sum + script.transferBytes, 0);

/** Chromium sometimes loses a run's trace (NO_NAVSTART); such a run measured nothing, so it is taken again, twice at most. */
async function measure(url: string, port: number, cookie: string | null, attempt = 1): Promise<Lhr> {
  try {
    return await measureOnce(url, port, cookie);
  } catch (error) {
    if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test((error as Error).message)) throw error;
    return measure(url, port, cookie, attempt + 1);
  }
}

async function measureOnce(url: string, port: number, cookie: string | null): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr & { runtimeError?: { message: string } };
  // The run's trace (for Chromium's performance panel) is kept beside its report, not in the result file.
  if (REPORTS_DIR) Object.defineProperty(lhr, "trace", { value: (result.artifacts as { Trace?: unknown }).Trace, enumerable: false });
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A redirect (to sign-in, say) would measure another page under this one's name.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}; not measured`);
  }
  return lhr;
}

export async function runLighthouseBench(log: (line: string) => void = console.log): Promise<LighthouseBenchResult> {
  if (!existsSync("build/client/sw.js")) return { ran: false, reason: "no production build (run npm run build first)" };
  if (!existsSync(CHROMIUM)) return { ran: false, reason: `no Chromium at ${CHROMIUM}` };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aangan-lighthouse-"));
  const secret = randomBytes(32).toString("hex");
  const app = await startApp(dataDir, secret);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  });
  try {
    const cookie = await signIn(dataDir, secret);
    const pages = [
      { path: "/", signedIn: false },
      { path: "/properties", signedIn: false },
      // Investing needs an account (route table: "user"), so the invest page is measured signed in.
      { path: `/invest/${await openPropertyId(dataDir)}`, signedIn: true },
      { path: "/dashboard/overview", signedIn: true },
      { path: "/dashboard/transactions", signedIn: true },
    ];
    // One unmeasured load per page first: the server's first render of a route is not what a visitor waits for.
    for (const page of pages) {
      const response = await fetch(`${app.origin}${page.path}`, { headers: page.signedIn ? { Cookie: cookie } : {}, redirect: "manual" });
      if (response.status !== 200)
        throw new Error(`GET ${page.path} answered ${response.status} ${response.headers.get("location") ?? ""}`);
    }

    const results: LighthousePageResult[] = [];
    let version = "";
    let browser = "";
    for (const page of pages) {
      const lhrs: Lhr[] = [];
      // The first page waits longest: the app has just seeded its demo data, and the load before it may still be settling.
      const quietHost = await waitForQuietHost(
        results.length === 0 ? { seconds: QUIET_SECONDS, maxSeconds: QUIET_MAX_SECONDS } : { seconds: 3, maxSeconds: 30 },
      );
      log(
        quietHost.quiet
          ? `lighthouse: the host was quiet after ${quietHost.waitedSeconds} s`
          : `lighthouse: the host stayed busy for ${quietHost.waitedSeconds} s (last seconds ${quietHost.busyBySecond.slice(-5).join(", ")} of its CPUs); measuring anyway`,
      );
      for (let run = 1; run <= RUNS_PER_PAGE; run++) {
        log(`lighthouse: ${page.path} run ${run}/${RUNS_PER_PAGE} ...`);
        lhrs.push(await measure(`${app.origin}${page.path}`, chrome.port, page.signedIn ? cookie : null));
      }
      version = lhrs[0]!.lighthouseVersion;
      browser = lhrs[0]!.environment.hostUserAgent;
      const allScores = Object.fromEntries(
        CATEGORIES.map((id) => [id, lhrs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))]),
      ) as Record<CategoryId, number[]>;
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(allScores[id])])) as Record<CategoryId, number>;
      // The run whose performance score is the median stands for the page's metrics and findings.
      const byPerformance = [...lhrs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const typical = byPerformance[Math.floor(byPerformance.length / 2)]!;
      if (REPORTS_DIR) {
        mkdirSync(REPORTS_DIR, { recursive: true });
        const name = page.path.replace(/^\/$/, "landing").replace(/^\//, "").replace(/\//g, "_");
        writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(typical));
        const trace = (typical as { trace?: unknown }).trace;
        if (trace) writeFileSync(path.join(REPORTS_DIR, `${name}.trace.json`), JSON.stringify(trace));
      }
      const budget = page.signedIn ? SIGNED_IN_BUDGET : PUBLIC_BUDGET;
      const budgetMet = CATEGORIES.every((id) => budget[id] === null || scores[id] >= budget[id]!);
      results.push({
        path: page.path,
        signedIn: page.signedIn,
        budget,
        runs: RUNS_PER_PAGE,
        scores,
        allScores,
        metrics: {
          lcpMs: Math.round(typical.audits["largest-contentful-paint"]?.numericValue ?? 0),
          tbtMs: Math.round(typical.audits["total-blocking-time"]?.numericValue ?? 0),
          cls: Number((typical.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          fcpMs: Math.round(typical.audits["first-contentful-paint"]?.numericValue ?? 0),
        },
        scriptTransferBytes: median(lhrs.map(scriptBytes)),
        largestScripts: scripts(typical).slice(0, 6),
        failedAudits: failedAudits(typical),
        lcpElement: lcpElement(typical),
        benchmarkIndex: Math.round(median(lhrs.map((lhr) => lhr.environment.benchmarkIndex))),
        quietHost: { quiet: quietHost.quiet, waitedSeconds: quietHost.waitedSeconds },
        budgetMet,
      });
    }
    const landing = results.find((page) => page.path === "/")!;
    return {
      ran: true,
      lighthouseVersion: version,
      chromium: browser,
      chromiumBuild: chromiumBuild(),
      pages: results,
      landingJsBudgetMet: landing.scriptTransferBytes <= LANDING_JS_BUDGET_BYTES,
    };
  } finally {
    await chrome.kill();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table printed by the bench and kept in the README. */
export function lighthouseTable(result: Extract<LighthouseBenchResult, { ran: true }>): string[][] {
  const cell = (score: number, budget: number | null) => (budget === null ? `${score} (n/a)` : `${score}${score >= budget ? "" : " ✗"}`);
  return [
    [
      "page (mobile, median of runs)",
      "perf",
      "a11y",
      "best pr.",
      "SEO",
      "LCP ms",
      "TBT ms",
      "CLS",
      "JS gzip KiB",
      "host CPU index",
      "host quiet",
      "budget",
    ],
    ...result.pages.map((page) => [
      `${page.path}${page.signedIn ? " (signed in)" : ""}`,
      cell(page.scores.performance, page.budget.performance),
      cell(page.scores.accessibility, page.budget.accessibility),
      cell(page.scores["best-practices"], page.budget["best-practices"]),
      cell(page.scores.seo, page.budget.seo),
      String(page.metrics.lcpMs),
      String(page.metrics.tbtMs),
      String(page.metrics.cls),
      `${(page.scriptTransferBytes / 1024).toFixed(1)}${page.path === "/" ? (result.landingJsBudgetMet ? " (≤ 90)" : " (> 90 ✗)") : ""}`,
      String(page.benchmarkIndex),
      page.quietHost.quiet ? `after ${page.quietHost.waitedSeconds} s` : `no (${page.quietHost.waitedSeconds} s)`,
      page.budgetMet ? "met" : "MISSED",
    ]),
  ];
}

/**
 * The browser's full version ("Chromium 156.0.8078.129 …"). Its user agent names only the major
 * version, and the same pages' blocking time has differed between machines whose patch release
 * went unrecorded (docs/performance.md, the thirty-second pass).
 */
function chromiumBuild(): string {
  try {
    return execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 10_000 }).trim();
  } catch {
    return "unknown";
  }
}
