/**
 * Node's flags for each cluster worker: the primary's own, plus a young generation of 64 MB
 * a semi-space where none is given (docs/performance.md, twenty-fourth pass). A rendered
 * overview allocates a few megabytes of short-lived rows and decimals; with twenty to fifty
 * of them in flight, V8's default 16 MB semi-space is scavenged so often that each scavenge
 * copies the live half of every request in flight. At 64 MB the overview took about a sixth
 * less CPU a request (bench/page-ab.ts); a list page was unchanged. The cost is memory: up to
 * three semi-spaces a worker. An operator's own --max-semi-space-size (on the command line or
 * in NODE_OPTIONS) wins.
 */
export const WORKER_SEMI_SPACE_FLAG = "--max-semi-space-size=64";

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag));
  return given ? [...execArgv] : [...execArgv, WORKER_SEMI_SPACE_FLAG];
}
