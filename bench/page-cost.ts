// `npx tsx bench/page-cost.ts` (build first): what one request to each main page costs in CPU,
// split between the app's process and PostgreSQL's. One app worker pinned to CPU 0, the load
// (PAGE_COST_CONCURRENCY, default 20) for PAGE_COST_SECONDS (default 8) per page; the CPU time
// each side used while it ran (from /proc) divided by the requests served. On the bench's two
// CPUs both sides share the machine, so a page's rate is bounded by their sum, not the app's alone.
import { randomBytes } from "node:crypto";
import { createFreshDatabase, openBenchServer } from "./database";
import { drive, seedCatalogue, standardPages, startBenchServer } from "./http-bench";
import { cpuSeconds, isPostgres } from "./proc-cpu";

const SECONDS = Number(process.env.PAGE_COST_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.PAGE_COST_CONCURRENCY ?? 20);
async function main(): Promise<number> {
  const server = await openBenchServer();
  try {
    const database = await createFreshDatabase(server.adminUrl, "pagecost");
    try {
      await seedCatalogue(database.url, 1000);
      const sessionSecret = randomBytes(32).toString("hex");
      const pages = await standardPages(database.url, sessionSecret, 5000);
      const cookie = pages.find((page) => page.path === "/invest/bench-1")!.cookie!;
      // PAGE_COST_NODE_ARGS="--flag …": flags for the server's node, to compare a runtime setting.
      const nodeArgs = process.env.PAGE_COST_NODE_ARGS?.split(" ").filter(Boolean);
      // PAGE_COST_WORKERS=2: the full bench's shape (every CPU a worker, none pinned) instead of one pinned worker.
      const workers = Number(process.env.PAGE_COST_WORKERS ?? 1);
      const placement = workers === 1 ? { workers, cpus: "0" } : { workers };
      const app = await startBenchServer(database.url, { sessionSecret, ...placement, ...(nodeArgs?.length ? { nodeArgs } : {}) });
      const isApp = (_: string, _pid: number, group: number) => group === app.pid;
      try {
        console.log(`| page | req/s | app µs per request | PostgreSQL µs per request | load generator µs per request |`);
        console.log(`|---|---:|---:|---:|---:|`);
        const rendered = "bench_render=every-request";
        type Target = readonly [string, string, string | undefined];
        const targets: Target[] = [
          ["/healthz", "/healthz", undefined] as Target,
          ["/ (rendered)", "/", rendered] as Target,
          ["/properties (rendered)", "/properties", rendered] as Target,
          ["/fees (signed in)", "/fees", cookie] as Target,
          ["/dashboard/transactions", "/dashboard/transactions", cookie] as Target,
          ["/dashboard/overview (rendered)", "/dashboard/overview", `${cookie}; ${rendered}`] as Target,
          ["/invest/bench-1", "/invest/bench-1", cookie] as Target,
          // PAGE_COST_EXTRA="/terms,+/terms,/dashboard/updates": more paths, signed in when under /dashboard or marked "+".
          ...(process.env.PAGE_COST_EXTRA ?? "")
            .split(",")
            .filter(Boolean)
            // "+/terms": that path signed in as well (the signed-in frame around a page with no data).
            .map((path): Target =>
              path.startsWith("+")
                ? [`${path.slice(1)} (signed in)`, path.slice(1), `${cookie}; ${rendered}`]
                : [path, path, path.startsWith("/dashboard") ? cookie : rendered],
            ),
        ].filter(([label]) => !process.env.PAGE_COST_ONLY || process.env.PAGE_COST_ONLY.split(",").some((only) => label.includes(only)));
        for (const [label, path, pageCookie] of targets) {
          const headers: Record<string, string> = pageCookie ? { Cookie: pageCookie } : {};
          await drive(`${app.base}${path}`, 4, 2, headers); // warm-up
          const [app0, db0, client0] = [cpuSeconds(isApp), cpuSeconds(isPostgres), process.cpuUsage()];
          const result = await drive(`${app.base}${path}`, CONCURRENCY, SECONDS, headers);
          const [app1, db1, client] = [cpuSeconds(isApp), cpuSeconds(isPostgres), process.cpuUsage(client0)];
          const perRequest = (seconds: number) => Math.round((seconds / result.requests) * 1e6);
          const clientSeconds = (client.user + client.system) / 1e6;
          console.log(
            `| ${label} | ${result.rps} | ${perRequest(app1 - app0)} | ${perRequest(db1 - db0)} | ${perRequest(clientSeconds)} |`,
          );
        }
      } finally {
        await app.stop();
      }
      return 0;
    } finally {
      await database.drop().catch(() => undefined);
    }
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
