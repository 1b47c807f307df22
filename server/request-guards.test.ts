import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formBodiesOnly, knownMethodsOnly, limitBodies, requestBodyOf } from "./request-guards";

// A small app with the guards in front of a handler that reads the body the way the
// Remix handler does, through requestBodyOf.
let server: http.Server;
let baseUrl: string;
let bytesReadByHandler = 0;

beforeAll(async () => {
  const app = express();
  app.use(knownMethodsOnly());
  app.use(formBodiesOnly());
  app.use(
    limitBodies({
      defaultBytes: 1024,
      rules: [
        { pattern: /^\/upload$/, bytes: 64 * 1024 },
        { pattern: /^\/large-upload$/, bytes: 16 * 1024 * 1024 },
      ],
    }),
  );
  app.all("*", async (req, res) => {
    let size = 0;
    try {
      for await (const chunk of requestBodyOf(req)) {
        size += (chunk as Buffer).length;
        bytesReadByHandler = size;
      }
    } catch {
      if (!res.headersSent) res.status(400).send("unreadable");
      return;
    }
    if (!res.headersSent) res.type("text/plain").send(`read ${size}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const form = "application/x-www-form-urlencoded";

/** Streams `total` bytes in 512-byte pieces with no declared length (chunked). */
function chunkedBody(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(512, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
}

async function send(path: string, body: string | ReadableStream<Uint8Array>, contentType = form) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
    duplex: "half",
  } as RequestInit);
  return { status: response.status, text: await response.text() };
}

/** Sends the head, pauses, then writes a declared body of `total` bytes in 1 MB pieces and reads the answer. */
async function uploadSlowly(path: string, total: number): Promise<{ response: string; bodyBytesSent: number; writeError?: string }> {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), "127.0.0.1");
  let response = "";
  let writeError: string | undefined;
  socket.on("data", (data) => (response += data.toString("latin1")));
  socket.on("error", (error: NodeJS.ErrnoException) => (writeError = error.code ?? error.message));
  const closed = new Promise((resolve) => socket.on("close", resolve));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${form}\r\nContent-Length: ${total}\r\n\r\n`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const piece = Buffer.alloc(1024 * 1024, "a");
  let bodyBytesSent = 0;
  while (bodyBytesSent < total && !writeError && !socket.destroyed) {
    const flushed = socket.write(piece);
    bodyBytesSent += piece.length;
    if (!flushed) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
  }
  await closed;
  return { response, bodyBytesSent, writeError };
}

describe("limitBodies", () => {
  it("lets a body up to the limit through to the handler, whole", async () => {
    expect(await send("/form", "a".repeat(1024))).toEqual({ status: 200, text: "read 1024" });
    expect(await send("/form", chunkedBody(1024))).toEqual({ status: 200, text: "read 1024" });
  });

  it("answers 413 to a declared length over the limit", async () => {
    expect(await send("/form", "a".repeat(1025))).toEqual({ status: 413, text: "This request is too large." });
  });

  it("reads a slightly-too-large upload to its end, so the client gets the 413 instead of a broken pipe", async () => {
    // The client is still writing when the server decides; closing then would cut it off mid-write.
    const answer = await uploadSlowly("/large-upload", 20 * 1024 * 1024);
    expect({ bodyBytesSent: answer.bodyBytesSent, writeError: answer.writeError }).toEqual({ bodyBytesSent: 20 * 1024 * 1024 });
    expect(answer.response.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer.response.endsWith("This request is too large.")).toBe(true);
  });

  it("answers 413 to a chunked body once the count passes the limit, before the handler has all of it", async () => {
    bytesReadByHandler = 0;
    const answer = await send("/form", chunkedBody(4 * 1024 * 1024));
    expect(answer).toEqual({ status: 413, text: "This request is too large." });
    expect(bytesReadByHandler).toBeLessThanOrEqual(1024);
  });

  it("applies the first matching path rule instead of the default", async () => {
    expect(await send("/upload", "a".repeat(60 * 1024))).toEqual({ status: 200, text: `read ${60 * 1024}` });
    expect(await send("/upload", chunkedBody(60 * 1024))).toEqual({ status: 200, text: `read ${60 * 1024}` });
    expect((await send("/upload", "a".repeat(65 * 1024))).status).toBe(413);
    expect((await send("/upload/other", "a".repeat(2048))).status).toBe(413);
  });
});

describe("formBodiesOnly", () => {
  it.each([
    ["application/json", 415, "Send this as a form."],
    ["text/plain;charset=UTF-8", 415, "Send this as a form."],
    ["multipart/form-data", 400, "The form could not be read. Please try again."],
    ["multipart/form-data; boundary=", 400, "The form could not be read. Please try again."],
  ])("refuses %s with %i", async (contentType, status, text) => {
    expect(await send("/form", "a=1", contentType)).toEqual({ status, text });
  });

  it.each([
    "application/x-www-form-urlencoded;charset=UTF-8",
    'multipart/form-data; boundary="----x"',
    "MULTIPART/FORM-DATA; BOUNDARY=abc",
  ])("lets %s through", async (contentType) => {
    expect((await send("/form", "a=1", contentType)).status).toBe(200);
  });

  it("leaves GET alone", async () => {
    expect((await fetch(`${baseUrl}/form`)).status).toBe(200);
  });
});
