import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { useTestDatabase } from "#tests/setup/test-database";

// The whole OAuth round trip against the stand-in, over HTTP, on a real server.ts process:
// the redirect, the state cookie, the one-time code exchange and the profile fetch.
const db = useTestDatabase();
let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", ADMIN_EMAILS: "chief@example.in" });
});
afterAll(async () => {
  await app?.stop();
});

/** A tiny cookie jar: name=value pairs, attributes ignored. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  names(): string[] {
    return [...this.cookies.keys()];
  }
}

/** The process serves APP_ORIGIN http://127.0.0.1:PORT (tests/setup/app-process.ts); the stand-in answers with absolute addresses. */
function local(location: string): string {
  const url = new URL(location, app.baseUrl);
  return `${app.baseUrl}${url.pathname}${url.search}`;
}

async function request(jar: Jar, url: string, init: { method?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Cookie: jar.header() };
  if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = app.baseUrl;
  }
  const response = await fetch(local(url), {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  jar.take(response);
  return response;
}

async function consentFor(jar: Jar, redirectTo?: string) {
  const start = await request(jar, "/auth/google", { form: redirectTo ? { redirectTo } : {} });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.pathname).toBe("/oauth-stand-in/authorize");
  return Object.fromEntries(authorize.searchParams) as Record<string, string>;
}

async function callbackFor(jar: Jar, params: Record<string, string>, email: string) {
  const approved = await request(jar, "/oauth-stand-in/authorize", {
    form: {
      response_type: params.response_type!,
      client_id: params.client_id!,
      redirect_uri: params.redirect_uri!,
      state: params.state!,
      email,
    },
  });
  expect(approved.status).toBe(302);
  return approved.headers.get("Location")!;
}

describe("Google stand-in round trip", () => {
  it("signs a new address up, lands on the page asked for, and makes listed admins admins", async () => {
    const jar = new Jar();
    const params = await consentFor(jar, "/kyc");
    const callback = await callbackFor(jar, params, "Chief@Example.in");
    expect(new URL(callback).pathname).toBe("/auth/google/callback");
    const landed = await request(jar, callback);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/kyc");
    expect(jar.names()).toContain("__Host-aangan_session");
    expect(jar.names()).not.toContain("__Host-aangan_oauth");

    const profile = await db.current.prisma.userProfile.findUniqueOrThrow({
      where: { email: "chief@example.in" },
      include: { wallet: true, sessions: true },
    });
    expect(profile).toMatchObject({ tier: "explorer", kycStatus: "pending", subscriptionActive: false, isAdmin: true });
    expect(profile.wallet).not.toBeNull();
    expect(profile.sessions).toHaveLength(1);
    expect(await db.current.prisma.userEvent.count({ where: { userId: profile.id, eventName: "login" } })).toBe(1);

    const welcome = await request(jar, "/welcome");
    expect(welcome.status).toBe(200);
    expect((await welcome.text()).replaceAll("<!-- -->", "")).toContain("Welcome, chief!");
  });

  it("refuses to redeem a code twice", async () => {
    const jar = new Jar();
    const params = await consentFor(jar);
    const callback = await callbackFor(jar, params, "twice@example.in");
    const stateCookie = jar.header();
    expect((await request(jar, callback)).status).toBe(302);

    const replayJar = new Jar();
    const replay = await fetch(local(callback), { headers: { Cookie: stateCookie }, redirect: "manual" });
    replayJar.take(replay);
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain("Authentication Error");
    expect(replayJar.names()).not.toContain("__Host-aangan_session");
  });

  it("refuses a state the browser was not given", async () => {
    const jar = new Jar();
    const params = await consentFor(jar);
    const callback = new URL(await callbackFor(jar, { ...params, state: "forged" }, "forger@example.in"));
    const response = await request(jar, callback.toString());
    expect(response.status).toBe(401);
    expect(await db.current.prisma.userProfile.count({ where: { email: "forger@example.in" } })).toBe(0);
  });

  it("only sends codes back to the app's own callback, and only to its own client", async () => {
    const jar = new Jar();
    const params = await consentFor(jar);
    const foreign = await request(
      jar,
      `/oauth-stand-in/authorize?${new URLSearchParams({ ...params, redirect_uri: "https://evil.example/cb" })}`,
    );
    expect(foreign.status).toBe(400);
    const token = await request(jar, "/oauth-stand-in/token", {
      form: {
        grant_type: "authorization_code",
        code: "x",
        client_id: params.client_id!,
        client_secret: "wrong",
        redirect_uri: params.redirect_uri!,
      },
    });
    expect(token.status).toBe(401);
    expect(await token.json()).toMatchObject({ error: "invalid_client" });
    expect((await request(jar, "/oauth-stand-in/userinfo")).status).toBe(401);
  });
});

describe("a code replayed on another app process", () => {
  let other: AppProcess;
  beforeAll(async () => {
    other = await startAppProcess({ DATABASE_URL: db.current.url, SEED_DEMO_DATA: "false", ADMIN_EMAILS: "chief@example.in" });
  }, 90_000);
  afterAll(async () => {
    await other?.stop();
  });

  // The client secret both processes derive from the session secret they share (tests/setup/app-process.ts).
  const clientSecret = createHmac("sha256", "integration-test-session-secret-0123456789abcdef")
    .update("aangan:google-stand-in:client-secret")
    .digest("base64url");

  async function exchange(baseUrl: string, params: Record<string, string>, code: string) {
    // Server to server, as the app's callback makes it: no browser, no Origin.
    const response = await fetch(`${baseUrl}/oauth-stand-in/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: params.client_id!,
        client_secret: clientSecret,
        redirect_uri: params.redirect_uri!,
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("is refused: the first redemption is recorded where every process sees it", async () => {
    const jar = new Jar();
    const params = await consentFor(jar);
    const code = new URL(await callbackFor(jar, params, "replayed@example.in")).searchParams.get("code")!;

    const first = await exchange(app.baseUrl, params, code);
    expect(first.status).toBe(200);
    expect(first.body.access_token).toEqual(expect.any(String));

    const replay = await exchange(other.baseUrl, params, code);
    expect(replay).toEqual({ status: 400, body: { error: "invalid_grant", error_description: "Authorization code already used" } });
    // And back on the first process too.
    expect((await exchange(app.baseUrl, params, code)).status).toBe(400);
  });
});
