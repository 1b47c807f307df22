import { performance } from "node:perf_hooks";
import { currentRequestContext, runInRequestContext } from "~/services/request-context.server";

/**
 * Where one request's time went, for its `Server-Timing` header: the session lookup, each
 * loader's (and action's) wall time and the time its database queries took, and the render.
 * The server opens one collector per request; the query timer in db.server.ts and the
 * loader wrapper in server/remix-handler.ts add to it. Outside a request nothing is kept.
 */
export class RequestTimings {
  readonly startedAt = performance.now();
  /** Database time and query count by label (a route id, "session", or "request"). */
  readonly db = new Map<string, { ms: number; queries: number }>();
  /** Wall time of named steps (session, loader-<route>, action-<route>). */
  readonly steps = new Map<string, number>();
  /** When the last loader or action finished; what follows until the answer is the render. */
  lastHandlerEndedAt = 0;

  addDb(label: string, ms: number): void {
    const entry = this.db.get(label) ?? { ms: 0, queries: 0 };
    entry.ms += ms;
    entry.queries += 1;
    this.db.set(label, entry);
  }

  addStep(name: string, ms: number): void {
    this.steps.set(name, (this.steps.get(name) ?? 0) + ms);
  }

  /** The header value, as of now: session, db-<label>, loader-<route>, render, total. */
  header(now = performance.now()): string {
    const metrics: string[] = [];
    const session = this.steps.get("session");
    if (session !== undefined) metrics.push(metric("session", session, "session lookup"));
    for (const [label, { ms, queries }] of this.db) {
      metrics.push(metric(`db-${token(label)}`, ms, `${label}: ${queries} ${queries === 1 ? "query" : "queries"}`));
    }
    for (const [name, ms] of this.steps) if (name !== "session") metrics.push(metric(token(name), ms));
    if (this.lastHandlerEndedAt > 0) metrics.push(metric("render", now - this.lastHandlerEndedAt, "after the last loader"));
    metrics.push(metric("total", now - this.startedAt));
    return metrics.join(", ");
  }
}

const timingContext = () => currentRequestContext()?.timing;

/** Runs one request's handling with a fresh collector. */
export function runWithRequestTimings<T>(timings: RequestTimings, handle: () => T): T {
  return runInRequestContext({ timing: { timings, label: "request" } }, handle);
}

/** This request's collector, if the code runs inside one. */
export function currentRequestTimings(): RequestTimings | undefined {
  return timingContext()?.timings;
}

/**
 * Runs `work` with its database time counted under `label`, and records its wall time as
 * the step `step` (when given). Outside a request it only runs `work`.
 */
export async function timed<T>(label: string, step: string | null, work: () => Promise<T>): Promise<T> {
  const context = timingContext();
  if (!context) return work();
  const started = performance.now();
  try {
    return await runInRequestContext({ timing: { timings: context.timings, label } }, work);
  } finally {
    const ended = performance.now();
    if (step) context.timings.addStep(step, ended - started);
    if (step?.startsWith("loader-") || step?.startsWith("action-")) {
      context.timings.lastHandlerEndedAt = Math.max(context.timings.lastHandlerEndedAt, ended);
    }
  }
}

/**
 * Starts timing one query for the current request, under the label in force when it was
 * sent (its answer may arrive in another async context); call the result when it is done.
 */
export function startQueryTimer(): () => void {
  const context = timingContext();
  if (!context) return () => undefined;
  const started = performance.now();
  return () => context.timings.addDb(context.label, performance.now() - started);
}

function metric(name: string, ms: number, description?: string): string {
  const dur = `dur=${ms.toFixed(1)}`;
  return description ? `${name};${dur};desc="${description.replace(/["\\]/g, "")}"` : `${name};${dur}`;
}

/** A Server-Timing metric name is an HTTP token: route ids ("routes/properties._index") lose their slashes. */
function token(name: string): string {
  return name.replace(/[^A-Za-z0-9!#$%&'*+.^_`|~-]/g, "-");
}
