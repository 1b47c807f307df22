// Folds a V8 .cpuprofile into the categories issue 32 asks about, by the script each sample's
// running function came from (self time): what the framework costs beside React's render.
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const CATEGORIES: [string, RegExp][] = [
  ["React render (react-dom/server)", /react-dom|\/react\//],
  ["Remix server runtime (routing, loaders' plumbing)", /@remix-run\/server-runtime|@remix-run\/router|react-router/],
  ["Loader data serialization (turbo-stream)", /turbo-stream/],
  ["Remix Node adapter (Node ⇄ web Request/Response)", /@remix-run\/node/],
  ["Web streams, fetch types (undici, node:internal/webstreams)", /undici|internal\/webstreams|internal\/deps\/undici/],
  [
    "Express and its middleware",
    /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|on-finished|cookie|qs|parseurl|depd|path-to-regexp)\//,
  ],
  ["Compression (compression, zlib)", /node_modules\/compression|zlib/],
  ["Logging (pino)", /pino|sonic-boom|fast-redact|thread-stream/],
  ["Prisma client", /@prisma|generated\/prisma|prisma\/client/],
  ["pg driver", /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  ["Session and cookies (app + cookie signing)", /cookie-signature|session\.server|@remix-run\/server-runtime\/dist\/(cookies|sessions)/],
  ["App code (build/server: loaders and components)", /build\/server/],
  ["App server code (server/*.ts, app/ via tsx)", /\/server\/|\/app\//],
  ["Node HTTP and sockets", /node:_http|node:http|node:net|_http_|internal\/http|internal\/stream_base|node:stream|internal\/streams/],
  ["Crypto", /node:crypto|internal\/crypto/],
  ["Other Node internals", /^node:|internal\//],
  ["Other packages", /node_modules/],
];

/** `skipMicros`: leave out the first samples (the process's start-up, before the load began). */
export function foldProfile(profile: CpuProfile, skipMicros = 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  let elapsed = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    elapsed += profile.timeDeltas[i] ?? 0;
    if (elapsed < skipMicros) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
  }
  const totals = new Map<string, number>();
  const functions = new Map<string, { name: string; where: string; category: string; micros: number }>();
  let idle = 0;
  let all = 0;
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame;
    all += micros;
    if (frame.functionName === "(idle)") {
      idle += micros;
      continue;
    }
    const category = categoryOf(frame.functionName, frame.url);
    totals.set(category, (totals.get(category) ?? 0) + micros);
    const key = `${frame.functionName}@${frame.url}:${frame.lineNumber}`;
    const entry = functions.get(key) ?? {
      name: frame.functionName || "(anonymous)",
      where: shortUrl(frame.url, frame.lineNumber),
      category,
      micros: 0,
    };
    entry.micros += micros;
    functions.set(key, entry);
  }
  const busy = all - idle;
  const rows = [...totals.entries()]
    .map(([category, micros]) => ({ category, micros, percent: (100 * micros) / busy }))
    .sort((a, b) => b.micros - a.micros);
  const topFunctions = [...functions.values()]
    .map((fn) => ({ ...fn, percent: (100 * fn.micros) / busy }))
    .sort((a, b) => b.micros - a.micros);
  return { rows, topFunctions, busyMicros: busy, busyPercent: (100 * busy) / all };
}

function categoryOf(functionName: string, url: string): string {
  if (functionName === "(garbage collector)") return "Garbage collection";
  if (functionName === "(program)") return "V8 and native (program)";
  if (!url) return "Native builtins (JSON, RegExp, ...)";
  for (const [category, pattern] of CATEGORIES) if (pattern.test(url)) return category;
  return "Other";
}

function shortUrl(url: string, line: number): string {
  const at = url.lastIndexOf("node_modules/");
  const short = at >= 0 ? url.slice(at + 13) : url.replace(/^file:\/\/.*?\/(build|server|app)\//, "$1/");
  return `${short}:${line + 1}`;
}
