import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "../../app/services/env.server";
import { reauthCookie } from "../../app/services/auth/oauth-cookies.server";
import { authTimeFromIdToken } from "../../app/services/auth/authenticator.server";
import { startAppProcess, type AppProcess } from "#tests/setup/app-process";
import { createInvestor, createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";

/**
 * Sessions and re-authentication (ASVS V7; ADRs 0029 and 0030), over HTTP against the real server.ts in production with the
 * Google stand-in: a new session id at every sign-in, sign-out and 'Sign out everywhere'
 * ending sessions on the server, idle and absolute expiry, an admin's demotion and a
 * deactivation ending sessions at once, and re-authentication (prompt=login, max_age) before a
 * withdrawal request and new bank details, coming back to the form as it was typed.
 */

const db = useTestDatabase();
const SECRET = "sessions-and-reauth-session-secret-0123456789";
const MINUTE = 60_000;
let app: AppProcess;
const prisma = () => db.current.prisma;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  reloadEnv();
  app = await startAppProcess({
    DATABASE_URL: db.current.url,
    SEED_DEMO_DATA: "false",
    SESSION_SECRET: SECRET,
    RATE_LIMIT_PER_MINUTE: "10000",
  });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

const nameValue = (setCookie: string) => setCookie.split(";")[0]!;

/** A browser's cookie jar, enough for these round trips. */
class Browser {
  jar = new Map<string, string>();
  constructor(cookie?: string) {
    if (cookie) this.take([cookie]);
  }
  take(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const cleared = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (cleared) this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), rest.join("="));
    }
  }
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  async fetch(url: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const { form, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("Cookie", this.cookie);
    if (form) {
      headers.set("Origin", app.baseUrl);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    const response = await fetch(url.startsWith("http") ? url : `${app.baseUrl}${url}`, {
      ...rest,
      method: form ? "POST" : (rest.method ?? "GET"),
      body: form ? new URLSearchParams(form).toString() : rest.body,
      headers,
      redirect: "manual",
    });
    this.take(response.headers.getSetCookie());
    return response;
  }
  /** Picks the account on the stand-in's consent page the app sent the browser to; returns the callback's answer. */
  async consent(authorizeUrl: string, email: string) {
    const url = new URL(authorizeUrl);
    const page = await this.fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const consent = await this.fetch(url.pathname, { form: { ...Object.fromEntries(url.searchParams), email } });
    expect(consent.status).toBe(302);
    return this.fetch(consent.headers.get("location")!);
  }
  session() {
    return this.jar.get("__Host-aangan_session");
  }
}

async function signInWithGoogle(browser: Browser, email: string) {
  const start = await browser.fetch("/auth/google", { form: { redirectTo: "/welcome" } });
  expect(start.status).toBe(302);
  const callback = await browser.consent(start.headers.get("location")!, email);
  expect(callback.status).toBe(302);
  return callback;
}

const isSignedIn = async (cookie: string) => {
  const response = await fetch(`${app.baseUrl}/dashboard/wallet`, { headers: { Cookie: cookie }, redirect: "manual" });
  return !(response.status === 302 && response.headers.get("location")?.startsWith("/auth?"));
};

describe("session ids", () => {
  it("are new at every sign-in: a session id planted in the browser (fixation) is dropped, not reused", async () => {
    const attacker = await createInvestor(prisma());
    const victim = await createInvestor(prisma());
    await prisma().userProfile.update({ where: { id: victim.id }, data: { email: "fixation@sessions.example.in" } });
    const browser = new Browser();
    const start = await browser.fetch("/auth/google", { form: { redirectTo: "/welcome" } });
    // Before Google sends the victim back, the attacker plants a session id they know.
    const planted = await createSession(prisma(), attacker.id, { production: true });
    browser.take([`${planted}; Path=/`]);
    const callback = await browser.consent(start.headers.get("location")!, "fixation@sessions.example.in");
    expect(callback.status).toBe(302);
    const issued = `__Host-aangan_session=${browser.session()}`;
    expect(issued).not.toBe(planted);
    expect(await isSignedIn(planted)).toBe(false);
    const sessions = await prisma().session.findMany({ where: { userId: { in: [attacker.id, victim.id] } } });
    expect(sessions.map((row) => row.userId)).toEqual([victim.id]);
    // A second sign-in gets yet another id.
    const again = new Browser();
    await signInWithGoogle(again, "fixation@sessions.example.in");
    expect(again.session()).not.toBe(browser.session());
  });
});

describe("ending sessions", () => {
  it("'Sign out everywhere' ends every session of the user on the server, and no one else's", async () => {
    const user = await createInvestor(prisma());
    await prisma().userProfile.update({ where: { id: user.id }, data: { tier: "small_investor" } });
    const other = await createInvestor(prisma());
    const devices = [
      await createSession(prisma(), user.id, { production: true }),
      await createSession(prisma(), user.id, { production: true }),
      await createSession(prisma(), user.id, { production: true }),
    ];
    const bystander = await createSession(prisma(), other.id, { production: true });
    const page = await (await fetch(`${app.baseUrl}/dashboard/wallet`, { headers: { Cookie: devices[0]! } })).text();
    expect(page).toMatch(/<button[^>]*name="scope"[^>]*value="everywhere"[^>]*>Sign out everywhere<\/button>/);
    const response = await new Browser(devices[0]).fetch("/auth/sign-out", { form: { scope: "everywhere" } });
    expect(response.status).toBe(302);
    expect(await prisma().session.count({ where: { userId: user.id } })).toBe(0);
    for (const cookie of devices) expect(await isSignedIn(cookie)).toBe(false);
    expect(await isSignedIn(bystander)).toBe(true);
  });

  it("ends at the idle limit and at the absolute limit, whatever the cookie says", async () => {
    const user = await createInvestor(prisma());
    const idle = await createSession(prisma(), user.id, { production: true, now: new Date(Date.now() - 31 * MINUTE) });
    expect(await isSignedIn(idle)).toBe(false);
    const fresh = await createSession(prisma(), user.id, { production: true });
    expect(await isSignedIn(fresh)).toBe(true);
    await prisma().session.updateMany({ where: { userId: user.id }, data: { absoluteExpiresAt: new Date(Date.now() - 1000) } });
    expect(await isSignedIn(fresh)).toBe(false);
    expect(await prisma().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a user who loses admin rights, or whose subscription is deactivated, is signed out at once", async () => {
    const admin = await createUser(prisma(), { isAdmin: true });
    const approver = await createUser(prisma(), { isAdmin: true, kycStatus: "approved" });
    const demoted = await createUser(prisma(), { isAdmin: true });
    const member = await createInvestor(prisma());
    const adminBrowser = new Browser(await createSession(prisma(), admin.id, { production: true }));
    const approverBrowser = new Browser(await createSession(prisma(), approver.id, { production: true }));
    const demotedCookie = await createSession(prisma(), demoted.id, { production: true });
    const memberCookie = await createSession(prisma(), member.id, { production: true });
    expect((await fetch(`${app.baseUrl}/admin/users`, { headers: { Cookie: demotedCookie }, redirect: "manual" })).status).toBe(200);

    // Removing admin rights is four-eyes (ADR 0049): one admin asks, a second approves.
    const revoke = await adminBrowser.fetch("/admin/users", {
      form: { intent: "remove-admin", userId: demoted.id, returnTo: "/admin/users" },
    });
    expect(revoke.status).toBe(302);
    const request = await prisma().moneyApproval.findFirstOrThrow({ where: { targetId: demoted.id, status: "awaiting" } });
    const approve = await approverBrowser.fetch("/admin/approvals", { form: { intent: "approve", approvalId: request.id } });
    expect(approve.status).toBe(302);
    const after = await fetch(`${app.baseUrl}/admin/users`, { headers: { Cookie: demotedCookie }, redirect: "manual" });
    expect(after.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Fusers");

    const deactivate = await adminBrowser.fetch("/admin/users", {
      form: { intent: "deactivate-sub", userId: member.id, returnTo: "/admin/users" },
    });
    expect(deactivate.status).toBe(302);
    expect(await isSignedIn(memberCookie)).toBe(false);
    expect(await prisma().session.count({ where: { userId: { in: [demoted.id, member.id] } } })).toBe(0);
  });
});

describe("re-authentication", () => {
  async function investorSignedIn(minutesAgo: number, email: string) {
    const user = await createInvestor(prisma(), { balance: "100000" });
    await prisma().userProfile.update({ where: { id: user.id }, data: { email, tier: "small_investor" } });
    const cookie = await createSession(prisma(), user.id, { production: true, now: new Date(Date.now() - minutesAgo * MINUTE) });
    // Within the idle window, whatever the sign-in time.
    await prisma().session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(), idleExpiresAt: new Date(Date.now() + 30 * MINUTE) },
    });
    return { user, browser: new Browser(cookie) };
  }

  it("a withdrawal 20 minutes after sign-in goes to Google with prompt=login and max_age, and comes back to the form as typed", async () => {
    const { user, browser } = await investorSignedIn(20, "withdrawer@sessions.example.in");
    const oldSession = browser.session();
    const typed = { intent: "withdraw", amount: "2500", description: "School fees for Anaya", priority: "high" };
    const asked = await browser.fetch("/dashboard/wallet", { form: typed });
    expect(asked.status).toBe(302);
    const google = new URL(asked.headers.get("location")!);
    expect(google.pathname).toBe("/oauth-stand-in/authorize");
    expect(google.searchParams.get("prompt")).toBe("login");
    expect(google.searchParams.get("max_age")).toBe("0");
    // What was typed is on the server, not in any URL.
    expect(asked.headers.get("location")).not.toContain("2500");
    expect(await prisma().supportTicket.count({ where: { userId: user.id } })).toBe(0);
    const draft = await prisma().reauthDraft.findUniqueOrThrow({ where: { userId_purpose: { userId: user.id, purpose: "withdraw" } } });
    expect(draft.payload).toMatchObject({ amount: "2500", description: "School fees for Anaya", priority: "high" });

    const consentPage = await (await browser.fetch(asked.headers.get("location")!)).text();
    expect(consentPage).toContain("Confirm it&#x27;s you");
    const back = await browser.consent(asked.headers.get("location")!, "withdrawer@sessions.example.in");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/wallet?request=withdraw&resume=1");
    // A new session (a new id) began with the fresh sign-in; the old one is gone.
    expect(browser.session()).toBeTruthy();
    expect(browser.session()).not.toBe(oldSession);
    expect(await isSignedIn(`__Host-aangan_session=${oldSession}`)).toBe(false);

    const form = await (await browser.fetch("/dashboard/wallet?request=withdraw&resume=1")).text();
    expect(form).toMatch(/name="amount"[^>]*value="2500"|value="2500"[^>]*name="amount"/);
    expect(form).toContain("School fees for Anaya");
    // Opened afresh (not on the way back from Google), the dialog starts empty: an abandoned
    // amount is never pre-filled for the next one to be typed after it.
    const fresh = await (await browser.fetch("/dashboard/wallet?request=withdraw")).text();
    expect(fresh).toMatch(/name="amount"[^>]*value=""|value=""[^>]*name="amount"/);
    expect(fresh).not.toContain("School fees for Anaya");

    const sent = await browser.fetch("/dashboard/wallet", { form: typed });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/dashboard/wallet");
    expect(await prisma().supportTicket.count({ where: { userId: user.id, ticketType: "withdraw_funds" } })).toBe(1);
    expect(await prisma().reauthDraft.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a recent sign-in (10 minutes) sends the withdrawal straight through", async () => {
    const { user, browser } = await investorSignedIn(10, "recent@sessions.example.in");
    const sent = await browser.fetch("/dashboard/wallet", {
      form: { intent: "withdraw", amount: "1500", priority: "medium", description: "" },
    });
    expect(sent.headers.get("location")).toBe("/dashboard/wallet");
    expect(await prisma().supportTicket.count({ where: { userId: user.id, ticketType: "withdraw_funds" } })).toBe(1);
  });

  it("a deposit request needs no fresh sign-in", async () => {
    const { user, browser } = await investorSignedIn(60, "depositor@sessions.example.in");
    const sent = await browser.fetch("/dashboard/wallet", {
      form: { intent: "add-funds", amount: "5000", priority: "medium", description: "" },
    });
    expect(sent.headers.get("location")).toMatch(/^\/dashboard\/wallet\?submitted=/);
    expect(await prisma().supportTicket.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a round trip whose Google sign-in is older than the request to confirm", async () => {
    const { user, browser } = await investorSignedIn(20, "stale@sessions.example.in");
    const asked = await browser.fetch("/dashboard/wallet", {
      form: { intent: "withdraw", amount: "2000", priority: "low", description: "" },
    });
    // As if the request to confirm came after Google's sign-in: the claim says 'asked an hour from now'.
    const forged = nameValue(await reauthCookie().serialize({ userId: user.id, startedAt: Date.now() + 60 * MINUTE }));
    browser.take([`__Host-${forged}; Path=/`]);
    const oldSession = browser.session();
    const back = await browser.consent(asked.headers.get("location")!, "stale@sessions.example.in");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/dashboard/wallet?request=withdraw&resume=1");
    expect(browser.session()).toBe(oldSession); // no new session: not re-authenticated
    const again = await browser.fetch("/dashboard/wallet", {
      form: { intent: "withdraw", amount: "2000", priority: "low", description: "" },
    });
    expect(new URL(again.headers.get("location")!).pathname).toBe("/oauth-stand-in/authorize");
    expect(await prisma().supportTicket.count({ where: { userId: user.id } })).toBe(0);
  });

  it("new bank details 20 minutes after sign-in go to Google too, and come back with what was typed (not the account number)", async () => {
    const { user, browser } = await investorSignedIn(20, "banker@sessions.example.in");
    await prisma().userProfile.update({ where: { id: user.id }, data: { kycStatus: "pending" } });
    await prisma().kycDraft.create({ data: { userId: user.id, currentStep: 3, data: {} } });
    const typed = {
      step: "bank",
      accountNumber: "50100234567812",
      confirmAccountNumber: "50100234567812",
      ifscCode: "HDFC0001234",
      bankName: "Kotak Reauth Bank",
      accountType: "current",
    };
    const asked = await browser.fetch("/kyc", { form: typed });
    expect(asked.status).toBe(302);
    const google = new URL(asked.headers.get("location")!);
    expect(google.searchParams.get("prompt")).toBe("login");
    const draft = await prisma().reauthDraft.findUniqueOrThrow({ where: { userId_purpose: { userId: user.id, purpose: "bank" } } });
    expect(draft.payload).toEqual({ ifscCode: "HDFC0001234", bankName: "Kotak Reauth Bank", accountType: "current" });
    const kyc = await prisma().kycDraft.findUniqueOrThrow({ where: { userId: user.id } });
    expect(JSON.stringify(kyc.data)).not.toContain("Kotak");

    const back = await browser.consent(asked.headers.get("location")!, "banker@sessions.example.in");
    expect(back.headers.get("location")).toBe("/kyc");
    const page = await (await browser.fetch("/kyc")).text();
    expect(page).toContain('value="Kotak Reauth Bank"');
    expect(page).not.toContain("50100234567812");
    const saved = await browser.fetch("/kyc", { form: typed });
    expect(saved.headers.get("location")).toBe("/kyc");
    expect(JSON.stringify((await prisma().kycDraft.findUniqueOrThrow({ where: { userId: user.id } })).data)).toContain("Kotak Reauth Bank");
    expect(await prisma().reauthDraft.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("auth_time from the ID token", () => {
  const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;
  it("is read from the token's claims, and absent or malformed tokens give none", () => {
    expect(authTimeFromIdToken(token({ auth_time: 1_800_000_000 }))?.toISOString()).toBe(new Date(1_800_000_000_000).toISOString());
    expect(authTimeFromIdToken(token({}))).toBeNull();
    expect(authTimeFromIdToken(token({ auth_time: "yesterday" }))).toBeNull();
    expect(authTimeFromIdToken("not-a-token")).toBeNull();
    expect(authTimeFromIdToken(undefined)).toBeNull();
    expect(authTimeFromIdToken("a.!!!.c")).toBeNull();
  });
});
