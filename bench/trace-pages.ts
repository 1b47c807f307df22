// `npx tsx bench/trace-pages.ts [path ...]`: where a page's main-thread time goes in the browser (build
// first). Loads each page in Debian's Chromium at Lighthouse's 4x CPU slowdown with a trace, and
// prints every task of 10 ms or more with what filled it (script by file, HTML parsing, style and
// layout). Lighthouse's total blocking time is these tasks' excess over 50 ms.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { openPropertyId, signIn, startApp } from "./lighthouse-bench";

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; stackTrace?: { url?: string }[] } };
};

const CPU_SLOWDOWN = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);

function mainThread(events: TraceEvent[]) {
  // The page's renderer is the main thread that ran the most: a navigation can leave an idle one behind.
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.name !== "RunTask" || event.dur === undefined) continue;
    busy.set(`${event.pid}:${event.tid}`, (busy.get(`${event.pid}:${event.tid}`) ?? 0) + event.dur);
  }
  const renderers = events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  const thread = renderers.sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!thread) throw new Error("no renderer main thread in the trace");
  return thread;
}

function label(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const url: string = data.url ?? data.stackTrace?.[0]?.url ?? "";
  const file = url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js") : "";
  return file ? `${event.name} ${file}` : event.name;
}

function summarize(events: TraceEvent[], quiet: boolean): number {
  const thread = mainThread(events);
  const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X" && event.dur !== undefined);
  const tasks = own.filter((event) => event.name === "RunTask" && event.dur! >= 10_000).sort((a, b) => a.ts - b.ts);
  const start = Math.min(...own.map((event) => event.ts));
  let blocking = 0;
  for (const task of tasks) {
    blocking += Math.max(0, task.dur! / 1000 - 50);
    const inside = own.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!);
    // The task's direct children only, so time is not counted twice.
    const children = inside.filter(
      (child) =>
        !inside.some(
          (other) => other !== child && other.ts <= child.ts && other.ts + other.dur! >= child.ts + child.dur! && other.dur! > child.dur!,
        ),
    );
    const byLabel = new Map<string, number>();
    for (const child of children) byLabel.set(label(child), (byLabel.get(label(child)) ?? 0) + child.dur! / 1000);
    const parts = [...byLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    console.log(
      `  at ${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  ${(task.dur! / 1000).toFixed(0).padStart(4)} ms  ${parts.join(" | ")}`,
    );
    if (!quiet && process.env.TRACE_DEEP && task.dur! >= 50_000) {
      for (const event of inside
        .filter((event) => event.dur! >= 2000)
        .sort((a, b) => a.ts - b.ts)
        .slice(0, 40))
        console.log(
          `        +${((event.ts - task.ts) / 1000).toFixed(0)} ${(event.dur! / 1000).toFixed(1)} ${label(event)} ${JSON.stringify(event.args?.data ?? {}).slice(0, 160)}`,
        );
    }
  }
  for (const mark of events.filter((event) => /^(firstContentfulPaint|largestContentfulPaint::Candidate)$/.test(event.name) && !quiet))
    console.log(`  ${mark.name} at ${((mark.ts - start) / 1000).toFixed(0)} ms ${JSON.stringify(mark.args?.data ?? {}).slice(0, 200)}`);
  if (!quiet) console.log(`  blocking (tasks' excess over 50 ms, all of the load): ${blocking.toFixed(0)} ms`);
  return blocking;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "aangan-trace-"));
const secret = randomBytes(32).toString("hex");
const app = await startApp(dataDir, secret);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const cookie = await signIn(dataDir, secret);
  const paths = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ["/", "/properties", `/invest/${await openPropertyId(dataDir)}`, "/dashboard/overview", "/dashboard/transactions"];
  const runs = Number(process.env.TRACE_RUNS ?? 1);
  const quiet = runs > 1;
  for (const pagePath of paths) {
    // One unmeasured load first: the server's first render of a route is not what a visitor waits for.
    await fetch(`${app.origin}${pagePath}`, { headers: { Cookie: cookie } });
    const blocking: number[] = [];
    for (let run = 0; run < runs; run++) blocking.push(await traceOnce(pagePath, quiet));
    if (quiet) {
      const sorted = [...blocking].sort((a, b) => a - b);
      console.log(
        `${pagePath}: blocking median ${sorted[Math.floor(runs / 2)]!.toFixed(0)} ms over ${runs} loads (${sorted.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
    }
  }

  async function traceOnce(pagePath: string, quiet: boolean): Promise<number> {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      serviceWorkers: "block",
      extraHTTPHeaders: { Cookie: cookie },
    });
    const page = await context.newPage();
    page.on("console", (message) => quiet || console.log(`  console.${message.type()}: ${message.text().slice(0, 300)}`));
    let scripts = 0;
    let scriptBytes = 0;
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts++;
      void response.body().then(
        (body) => (scriptBytes += body.length),
        () => undefined,
      );
    });
    page.on("pageerror", (error) => console.log(`  pageerror: ${error.message.slice(0, 300)}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading"],
    });
    if (process.env.TRACE_PROFILE) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await page.goto(`${app.origin}${pagePath}`, { waitUntil: "load" });
    await page.waitForTimeout(3000);
    if (process.env.TRACE_PROFILE) {
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: unknown };
      writeFileSync(`${process.env.TRACE_PROFILE}-${pagePath.replace(/\W+/g, "_")}.cpuprofile`, JSON.stringify(profile));
    }
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    if (!quiet)
      console.log(`${pagePath} (CPU ${CPU_SLOWDOWN}x slower, ${scripts} scripts, ${(scriptBytes / 1024).toFixed(0)} KiB before gzip)`);
    const blocking = summarize(trace.traceEvents, quiet);
    await context.close();
    return blocking;
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
