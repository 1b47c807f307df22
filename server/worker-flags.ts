/**
 * Node's flags for each cluster worker: the primary's own, plus a 64 MB semi-space (V8's young
 * generation) where none is given (docs/performance.md, twenty-fourth pass). A rendered overview
 * allocates a few megabytes of short-lived rows and decimals; with twenty to fifty requests in
 * flight, the default 16 MB is scavenged often, and each scavenge copies what those requests
 * still hold. At 64 MB, measured with bench/page-ab.ts, the overview took about 17% less CPU a
 * request and /invest about 15%; the transactions list was unchanged. The cost is memory: up to
 * three semi-spaces a worker. An operator's own --max-semi-space-size (on the command line or
 * in NODE_OPTIONS) wins.
 */
export const WORKER_SEMI_SPACE_FLAG = "--max-semi-space-size=64";

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag));
  return given ? [...execArgv] : [...execArgv, WORKER_SEMI_SPACE_FLAG];
}
