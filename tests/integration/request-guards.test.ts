import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_ENDPOINTS } from "../../app/lib/route-table";
import { bodyLimitFor, NOT_JSON } from "../../server/request-guards";
import { UPLOAD_BODY_LIMITS } from "../../server/upload-limits";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createProperty } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

// The shared guards in front of every route (server/request-guards.ts), on the real
// server.ts production build over loopback HTTP: 405, 415, 400 and 413 are decided
// before any route reads a body, and a body over the limit is never buffered.
const db = useTestDatabase();
let app: AppProcess;
let port: number;
const FORM_LIMIT = 64 * 1024;
const INVESTOR_EMAIL = "edge-investor@example.in";
let investorCookie = "";

beforeAll(async () => {
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", RATE_LIMIT_PER_MINUTE: "100000" });
  port = Number(new URL(app.baseUrl).port);
  await createProperty(db.current.prisma, { id: "prop-edge-1" });
  investorCookie = await signIn(INVESTOR_EMAIL);
  await db.current.prisma.userProfile.update({
    where: { email: INVESTOR_EMAIL },
    data: { tier: "large_investor", subscriptionActive: true, kycStatus: "approved" },
  });
});
afterAll(async () => {
  await app?.stop();
});

/** Signs in through the stand-in over HTTP and returns the session cookie. */
async function signIn(email: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const post = (url: string, form: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: { Cookie: header(), Origin: app.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      redirect: "manual",
    }).then(keep);
  const start = await post(`${app.baseUrl}/auth/google`, {});
  const params = Object.fromEntries(new URL(start.headers.get("Location")!).searchParams);
  const approved = await post(`${app.baseUrl}/oauth-stand-in/authorize`, { ...params, email });
  const callback = new URL(approved.headers.get("Location")!);
  keep(await fetch(`${app.baseUrl}${callback.pathname}${callback.search}`, { headers: { Cookie: header() }, redirect: "manual" }));
  const session = [...cookies.keys()].find((name) => name.includes("aangan_session"));
  if (!session) throw new Error("sign-in gave no session cookie");
  return `${session}=${cookies.get(session)}`;
}

/** Every path whose route module has an action, from the production build itself. */
async function loadActionPaths(): Promise<string[]> {
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const paths: string[] = [];
  for (const [id, route] of Object.entries(build.routes)) {
    if (typeof route.module.action !== "function") continue;
    const parts: string[] = [];
    for (let at: typeof route | undefined = route; at; at = at.parentId ? build.routes[at.parentId] : undefined) {
      if (at.path) parts.unshift(at.path);
    }
    const pattern = `/${parts.join("/")}`;
    if (pattern.includes("*")) throw new Error(`Splat route ${id} has an action: give this test a path for it.`);
    paths.push(pattern.replace(/:[A-Za-z]+/g, "prop-edge-1"));
  }
  return paths.sort();
}

type Answer = { status: number; location: string | null; body: string };

async function post(pathname: string, init: { cookie?: string; contentType?: string; body?: string }): Promise<Answer> {
  const headers: Record<string, string> = { Origin: app.baseUrl };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.contentType) headers["Content-Type"] = init.contentType;
  const response = await fetch(`${app.baseUrl}${pathname}`, { method: "POST", headers, body: init.body, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

const NOT_FORMS = [
  { name: "JSON", contentType: "application/json", body: JSON.stringify({ intent: "request-upgrade" }) },
  { name: "plain text", contentType: "text/plain", body: "intent=request-upgrade" },
  { name: "XML", contentType: "application/xml", body: "<intent>request-upgrade</intent>" },
  { name: "an empty body without a type", contentType: undefined, body: undefined },
  { name: "a body without a type", contentType: undefined, body: "intent=request-upgrade" },
];

const BROKEN_MULTIPART = [
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: "intent=request-upgrade" },
  {
    name: "multipart cut short",
    contentType: "multipart/form-data; boundary=----edge",
    body: '------edge\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrequest-up',
  },
  { name: "multipart that is not multipart", contentType: "multipart/form-data; boundary=----edge", body: '{"a":1}' },
];

describe("every action refuses bodies that are not forms", async () => {
  const paths = await loadActionPaths();
  // Each path gets its own session: posting a good form to /auth/sign-out ends the one it used.
  let pathCookie = "";
  const personas = [
    { name: "anonymous", cookie: () => undefined },
    { name: "signed-in investor", cookie: () => pathCookie },
  ];

  it("finds the app's actions in the build", () => {
    expect(paths).toEqual(expect.arrayContaining(["/auth/google", "/auth/sign-out", "/welcome", "/invest/prop-edge-1"]));
  });

  // The payment gateway's webhook takes JSON and nothing else (ADR 0061); every other action takes forms only.
  const jsonPaths: string[] = Object.values(PAYMENT_ENDPOINTS).filter((endpoint) => endpoint.startsWith("/webhooks/"));

  it("the webhook reads JSON and refuses forms and every other body with 415", async () => {
    for (const pathname of jsonPaths) {
      const json = await post(pathname, { contentType: "application/json", body: "{}" });
      // Past the guard the route answers: without a gateway configured here, 404.
      expect(json.status).toBe(404);
      for (const sample of [
        ...NOT_FORMS.filter((s) => s.name !== "JSON"),
        ...BROKEN_MULTIPART,
        { name: "a form", contentType: "application/x-www-form-urlencoded", body: "a=1" },
      ]) {
        const answer = await post(pathname, { contentType: sample.contentType, body: sample.body });
        expect({ sample: sample.name, status: answer.status, body: answer.body }).toEqual({
          sample: sample.name,
          status: 415,
          body: NOT_JSON,
        });
      }
      const tooLarge = await post(pathname, { contentType: "application/json", body: JSON.stringify({ pad: "x".repeat(FORM_LIMIT) }) });
      expect([tooLarge.status, tooLarge.body]).toEqual([413, "This request is too large."]);
    }
  });

  describe.each(paths.filter((pathname) => !jsonPaths.includes(pathname)))("%s", (pathname) => {
    beforeAll(async () => {
      pathCookie = await signIn(INVESTOR_EMAIL);
    });

    it.each(personas)("answers 415 with a short message to non-form bodies ($name)", async (persona) => {
      for (const sample of NOT_FORMS) {
        const answer = await post(pathname, { cookie: persona.cookie(), contentType: sample.contentType, body: sample.body });
        expect({ sample: sample.name, status: answer.status, body: answer.body }).toEqual({
          sample: sample.name,
          status: 415,
          body: "Send this as a form.",
        });
      }
    });

    it.each(personas)("answers 400 to broken multipart, or what a good form gets if it never reads it ($name)", async (persona) => {
      const wellFormed = await post(pathname, {
        cookie: persona.cookie(),
        contentType: "multipart/form-data; boundary=----edge",
        body: "------edge--\r\n",
      });
      for (const sample of BROKEN_MULTIPART) {
        const answer = await post(pathname, { cookie: persona.cookie(), contentType: sample.contentType, body: sample.body });
        const readsTheBody = answer.status === 400;
        // A guard may refuse before the body is read (a non-admin's post to an admin route: 403).
        const answeredBeforeReading =
          answer.status === wellFormed.status && answer.location === wellFormed.location && (answer.status < 400 || answer.status === 403);
        expect({ sample: sample.name, status: answer.status, ok: readsTheBody || answeredBeforeReading }).toEqual({
          sample: sample.name,
          status: answer.status,
          ok: true,
        });
        expect(answer.status).toBeLessThan(500);
      }
    });

    it.each(personas)("answers 413 to a form over the limit ($name)", async (persona) => {
      // Upload routes have their own, larger limit; every other action has the form limit.
      const limit = bodyLimitFor(pathname, { defaultBytes: FORM_LIMIT, rules: UPLOAD_BODY_LIMITS });
      const answer = await post(pathname, {
        cookie: persona.cookie(),
        contentType: "application/x-www-form-urlencoded",
        body: `intent=${"x".repeat(limit)}`,
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toBe("This request is too large.");
    });
  });

  it("reads broken multipart as 400 where the route reads its form", async () => {
    for (const [pathname, cookie] of [
      ["/auth/google", undefined],
      ["/oauth-stand-in/authorize", undefined],
      ["/welcome", investorCookie],
      ["/trial-expired", investorCookie],
      ["/invest/prop-edge-1", investorCookie],
    ] as const) {
      const answer = await post(pathname, { cookie, contentType: BROKEN_MULTIPART[1]!.contentType, body: BROKEN_MULTIPART[1]!.body });
      expect([pathname, answer.status, answer.location]).toEqual([pathname, 400, null]);
    }
  });
});

/** Writes raw bytes on a socket and collects whatever comes back until the server closes it. */
function rawExchange(head: string, body: Buffer | string, timeoutMs = 10_000) {
  return new Promise<{ response: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open; it answered: ${JSON.stringify(response.slice(0, 200))}`));
    }, timeoutMs);
    socket.on("data", (data) => (response += data.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
    socket.write(body);
  });
}

function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) * 1024;
}

describe("request bodies over the limit", () => {
  it("answers 413 to a declared length over the limit before the body arrives, and closes", async () => {
    const head = [
      "POST /auth/google HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: ${app.baseUrl}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${200 * 1024 * 1024}`,
      "",
      "",
    ].join("\r\n");
    // Only a few bytes of the announced 200 MB are ever sent: the answer cannot wait for the rest.
    const { response, closedAfterMs } = await rawExchange(head, "redirectTo=%2F");
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    expect(response.endsWith("This request is too large.")).toBe(true);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("answers 413 to an endless chunked body once it passes the limit, without holding it in memory", async () => {
    const pid = app.child.pid!;
    const rssBefore = rssBytes(pid);
    const cap = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);

    const logBefore = app.output().length;
    // status null: the server answered and hung up while this client was still writing, so the
    // client saw a broken pipe (or a reset) before it could parse the answer; the 413 is then
    // read from the server's own access log.
    const outcome = await new Promise<{ status: number | null; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/auth/google",
        headers: { Origin: app.baseUrl, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      });
      request.on("response", (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
      });
      // Once the server has answered and hung up, writing fails; that is the point.
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (answered) return;
        answered = true;
        if (error.code === "EPIPE" || error.code === "ECONNRESET") resolve({ status: null, sent });
        else reject(error);
      });
      request.flushHeaders();
      const socketReady = new Promise<net.Socket>((ready) => request.on("socket", ready));
      void socketReady.then(async (socket) => {
        request.write("redirectTo=");
        while (!answered && sent < cap && !socket.destroyed) {
          sent += chunk.length;
          // Raw chunk framing on the socket, so the client itself buffers nothing.
          if (!socket.write(framed)) await new Promise((drained) => socket.once("drain", drained).once("close", drained));
        }
        if (!answered && !socket.destroyed) socket.write("0\r\n\r\n");
      });
    });

    if (outcome.status === null) {
      await expect.poll(() => app.output().slice(logBefore), { timeout: 5_000 }).toMatch(/POST \/auth\/google 413/);
    } else {
      expect(outcome.status).toBe(413);
    }
    // Kernel socket buffers take a few MB on loopback; the server itself stopped reading at the limit.
    expect(outcome.sent).toBeLessThan(32 * 1024 * 1024);
    expect(rssBytes(pid) - rssBefore).toBeLessThan(64 * 1024 * 1024);
    // The process is still healthy after refusing it.
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  });

  it("still accepts a form just under the limit", async () => {
    const answer = await post("/auth/google", {
      contentType: "application/x-www-form-urlencoded",
      body: `redirectTo=%2Fkyc&pad=${"x".repeat(FORM_LIMIT - 40)}`,
    });
    expect(answer.status).toBe(302);
    expect(new URL(answer.location!).pathname).toBe("/oauth-stand-in/authorize");
  });
});

describe("methods", () => {
  it("answers TRACE with 405 and the methods the app does serve", async () => {
    const answer = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, method: "TRACE", path: "/" }, (response) => {
        let body = "";
        response.on("data", (data) => (body += data));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
      });
      request.on("error", reject);
      request.end();
    });
    expect(answer).toEqual({ status: 405, allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS", body: "Method not allowed." });
  });

  it.each(["PROPFIND", "SEARCH", "MKCOL"])("answers %s with 405", async (method) => {
    const response = await fetch(`${app.baseUrl}/welcome`, { method });
    expect(response.status).toBe(405);
  });

  it("never answers OPTIONS with a server error", async () => {
    const response = await fetch(`${app.baseUrl}/welcome`, { method: "OPTIONS" });
    expect(response.status).toBeLessThan(500);
  });
});

describe("the Google stand-in's e-mail rule", () => {
  async function consentWith(email: string): Promise<Answer> {
    const start = await post("/auth/google", { contentType: "application/x-www-form-urlencoded", body: "" });
    const params = Object.fromEntries(new URL(start.location!).searchParams);
    return post("/oauth-stand-in/authorize", {
      contentType: "application/x-www-form-urlencoded",
      body: new URLSearchParams({ ...params, email }).toString(),
    });
  }
  const addressOfLength = (length: number) => {
    const domain = "example.in";
    const local = "a".repeat(64);
    const labels = length - local.length - 1 - domain.length;
    // Labels of up to 63 characters, each followed by a dot.
    const parts: string[] = [];
    let left = labels;
    while (left > 0) {
      const size = Math.min(63, left - 1);
      parts.push("b".repeat(size));
      left -= size + 1;
    }
    const address = `${local}@${parts.join(".")}.${domain}`;
    if (address.length !== length) throw new Error(`built ${address.length} characters, not ${length}`);
    return address;
  };

  it("accepts an address of 254 characters", async () => {
    const answer = await consentWith(addressOfLength(254));
    expect(answer.status).toBe(302);
  });

  it("refuses an address of 255 characters and creates no account", async () => {
    const email = addressOfLength(255);
    const answer = await consentWith(email);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Enter a valid e-mail address");
    expect(await db.current.prisma.userProfile.count({ where: { email } })).toBe(0);
  });
});
