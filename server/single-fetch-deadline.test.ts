import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The patched module itself (patches/@remix-run+server-runtime+2.17.5.patch), as the server loads it.
const require = createRequire(import.meta.url);
const singleFetch = require("@remix-run/server-runtime/dist/single-fetch.js") as {
  encodeViaTurboStream: (
    data: unknown,
    requestSignal: AbortSignal,
    streamTimeout: number,
    serverMode: string,
  ) => ReadableStream<Uint8Array>;
};

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("single fetch's deadline for deferred data", () => {
  it("still ends a promise that never settles once the deadline passes", async () => {
    const started = performance.now();
    const text = await read(
      singleFetch.encodeViaTurboStream(
        { now: "here", later: new Promise(() => undefined) },
        new AbortController().signal,
        50,
        "production",
      ),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(text).toContain("here");
    // The never-settling promise is sent as a rejection, not left open.
    expect(text).toMatch(/^E\d+:/m);
  });

  it("sends a promise that settles in time as its value", async () => {
    const text = await read(
      singleFetch.encodeViaTurboStream({ later: Promise.resolve("settled value") }, new AbortController().signal, 5_000, "production"),
    );
    expect(text).toContain("settled value");
    expect(text).not.toMatch(/^E\d+:/m);
  });

  it("starts no timer for data without promises", async () => {
    const before = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    const streams = Array.from({ length: 10 }, () =>
      singleFetch.encodeViaTurboStream({ plain: "data" }, new AbortController().signal, 60_000, "production"),
    );
    const after = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    await Promise.all(streams.map(read));
    expect(after - before).toBe(0);
  });
});
