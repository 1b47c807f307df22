import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalOrigin } from "./canonical-origin";

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(canonicalOrigin("http://localhost:4000"));
  app.use((_req, res) => void res.type("text/plain").send("page"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function ask(
  method: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { Host: host, ...headers } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("canonicalOrigin", () => {
  it("redirects a page read under another host to the same path at APP_ORIGIN", async () => {
    expect(await ask("GET", `127.0.0.1:${port}`, "/properties?city=Pune")).toEqual({
      status: 302,
      location: "http://localhost:4000/properties?city=Pune",
    });
  });

  it("serves the canonical host, and leaves posts to the same-origin check", async () => {
    expect((await ask("GET", "localhost:4000", "/properties")).status).toBe(200);
    expect((await ask("POST", `127.0.0.1:${port}`, "/auth/google")).status).toBe(200);
  });

  it("answers a server-to-server read (Authorization header) where it was asked: the stand-in's userinfo", async () => {
    expect((await ask("GET", `127.0.0.1:${port}`, "/oauth-stand-in/userinfo", { Authorization: "Bearer token" })).status).toBe(200);
  });
});
