/**
 * One value per process, created on first use. server.ts and the Remix build each bundle their
 * own copy of app/, so a module-level variable would exist twice; the value lives on
 * globalThis under a registered symbol instead, and every copy of the calling module reaches it.
 * A holder whose value comes and goes (the parsed environment, the Prisma client) keeps a
 * mutable box here.
 */
export function singleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`aangan.singleton.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  if (!(key in store)) store[key] = create();
  return store[key] as T;
}
