import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DocumentGzip } from "./document-gzip";
import { writeBody, writeWholeBody } from "./write-body";

/** A body of `chunks` pieces of 1 KB that counts how many its reader has pulled. */
function countedBody(chunks: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === chunks) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

/** A client that takes a chunk only when told to: its buffer holds 4 KB. */
function slowClient() {
  const pending: (() => void)[] = [];
  let received = 0;
  const res = new Writable({
    highWaterMark: 4096,
    write(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      pending.push(done);
    },
  });
  const takeAll = () => pending.splice(0).forEach((done) => done());
  return { res, takeAll, received: () => received };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("writing a streamed body to a slow client", () => {
  it("reads the body only as fast as the client takes it, then sends all of it", async () => {
    const { body, state } = countedBody(200);
    const client = slowClient();
    let finished = false;
    const writing = writeBody(body, client.res).then(() => (finished = true));
    await tick();
    // 200 KB to send, but only what fills the client's buffer has been read.
    expect(state.pulled).toBeLessThanOrEqual(6);
    for (let i = 0; i < 5000 && !finished; i++) {
      client.takeAll();
      // Never more read than the client's buffer, and the chunk waiting to go into it, ahead of what it took.
      expect(state.pulled * 1024 - client.received()).toBeLessThanOrEqual(6 * 1024);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writing;
    expect(state.pulled).toBe(200);
    expect(client.received()).toBe(200 * 1024);
    expect(client.res.writableEnded).toBe(true);
    // One drain listener for the whole response, however many times it waited.
    expect(client.res.listenerCount("drain")).toBeLessThanOrEqual(1);
  });

  it("stops reading the body when the client goes away", async () => {
    const { body, state } = countedBody(200);
    const client = slowClient();
    const writing = writeBody(body, client.res);
    await tick();
    const pulledBefore = state.pulled;
    client.res.destroy();
    await writing;
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBe(pulledBefore);
  });

  it("cancels a body that is waiting for its next chunk when the client goes away", async () => {
    // An event stream between events: nothing to read until something is published.
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("retry: 3000\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    const client = slowClient();
    const writing = writeBody(body, client.res);
    await tick();
    client.takeAll();
    client.res.destroy();
    await writing;
    expect(cancelled).toBe(true);
  });
});

describe("writing a whole rendered page", () => {
  /** Serves `chunks` through writeWholeBody and answers the raw response: its headers and the writes the socket made. */
  async function serve(chunks: string[]) {
    let socketWrites = 0;
    const server = http.createServer((req, res) => {
      // What reaches the socket's handle: one _write or _writev per system call.
      const socket = res.socket as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
      for (const method of ["_write", "_writev"] as const) {
        const original = socket[method].bind(socket);
        socket[method] = (...args: unknown[]) => (socketWrites++, original(...args));
      }
      res.setHeader("Content-Encoding", "gzip");
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      void writeWholeBody(body, res, new DocumentGzip());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", path: "/" }, (res) => {
            const parts: Buffer[] = [];
            res.on("data", (part: Buffer) => parts.push(part));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
          })
          .on("error", reject);
      });
      return { ...reply, socketWrites };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("sends the compressed page with its length, not in chunks, in one socket write", async () => {
    const chunks = ["<!DOCTYPE html><html><body>", "<p>₹1,000.00</p>".repeat(500), "</body></html>"];
    const reply = await serve(chunks);
    expect(reply.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    expect(gunzipSync(reply.body).toString("utf8")).toBe(chunks.join(""));
    expect(reply.socketWrites).toBe(1);
  });
});
