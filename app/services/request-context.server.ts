import { AsyncLocalStorage } from "node:async_hooks";
import type { ReadBatch } from "~/services/prepared-batch.server";
import type { RequestTimings } from "~/services/request-timing.server";
import { singleton } from "~/services/singleton.server";

/**
 * What the code running for one request can see without being handed it: the request's memo
 * (request-scope.server.ts), its timing collector and the label its queries count under
 * (request-timing.server.ts), and the read batches open where the code runs
 * (prepared-batch.server.ts), and the pool a snapshot or transaction holds a connection of
(db.server.ts). One AsyncLocalStorage carries them all: on Node 20 every store
 * in use copies itself onto every promise and callback a request makes, so three stores cost
 * each of them three copies (issue 32's thirty-eighth pass).
 */
export type RequestContext = {
  readonly scope?: Map<symbol, unknown>;
  readonly timing?: { readonly timings: RequestTimings; readonly label: string };
  readonly batches?: ReadonlyMap<object, ReadBatch>;
  /** The pool whose connection the snapshot or transaction this code runs in holds (db.server.ts). */
  readonly holding?: object;
};

// One per process: server.ts and the Remix build each bundle their own copy of this module.
const storage = singleton("request-context", () => new AsyncLocalStorage<RequestContext>());

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `work` with `change` in force over the context it runs in; the rest of that context stays. */
export function runInRequestContext<T>(change: RequestContext, work: () => T): T {
  const current = storage.getStore();
  return storage.run(current ? { ...current, ...change } : change, work);
}
