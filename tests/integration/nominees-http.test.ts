import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "../../app/services/env.server";
import { createSession, createUser } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { useMailQueue } from "#tests/setup/mail-queue";

/**
 * Nominees and the holdings certificate over HTTP against the production build (ADR 0066):
 * saving needs a recent sign-in, the form's rules answer 400, only the owner reads their
 * nomination and certificates, and a signed-in session of a frozen account reads as signed out.
 */
const db = useTestDatabase();
useMailQueue(db);
const prisma = () => db.current.prisma;
const ORIGIN = "http://localhost:3000";
const MINUTE = 60_000;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "nominees-http-session-secret-0123456789abcdef";
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "nominees" });
});

const investor = () => createUser(prisma(), { tier: "small_investor", subscriptionActive: true, kycStatus: "approved", balance: "1000" });

function send(cookie: string, pathname: string, form?: Record<string, string>) {
  const headers = new Headers({ Cookie: cookie });
  if (form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
    headers.set("Host", new URL(ORIGIN).host);
  }
  return handle(
    new Request(`${ORIGIN}${pathname}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    }),
  );
}

const two = {
  intent: "save",
  name_0: "Asha Rao",
  relationship_0: "Daughter",
  dob_0: "1995-04-02",
  share_0: "60",
  contact_0: "",
  name_1: "Ravi Rao",
  relationship_1: "Son",
  dob_1: "1998-09-12",
  share_1: "40",
  contact_1: "ravi@example.in",
};

describe("nominees over HTTP", () => {
  it("saves two nominees after a recent sign-in, with an e-mail and an alert", async () => {
    const user = await investor();
    const cookie = await createSession(prisma(), user.id);
    const response = await send(cookie, "/dashboard/nominees", two);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/nominees");
    expect(await prisma().nominee.count({ where: { userId: user.id } })).toBe(2);
    expect(await prisma().userAlert.count({ where: { userId: user.id, alertType: "nominees" } })).toBe(1);
    const page = await (await send(cookie, "/dashboard/nominees")).text();
    expect(page).toContain("Asha Rao");
  });

  it("an old sign-in (20 minutes) goes to Google again and keeps what was typed; nothing changes", async () => {
    const user = await investor();
    const cookie = await createSession(prisma(), user.id, { now: new Date(Date.now() - 20 * MINUTE) });
    const response = await send(cookie, "/dashboard/nominees", two);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/prompt=login/);
    expect(await prisma().nominee.count({ where: { userId: user.id } })).toBe(0);
    const draft = await prisma().reauthDraft.findUniqueOrThrow({ where: { userId_purpose: { userId: user.id, purpose: "nominees" } } });
    expect((draft.payload as Record<string, string>).name_1).toBe("Ravi Rao");
  });

  it("refuses shares that do not add up to 100, and an opt-out without the declaration ticked, with 400", async () => {
    const user = await investor();
    const cookie = await createSession(prisma(), user.id);
    const short = await send(cookie, "/dashboard/nominees", { ...two, share_1: "39.99" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("they must add up to exactly 100%");
    expect((await send(cookie, "/dashboard/nominees", { intent: "opt-out" })).status).toBe(400);
    const optOut = await send(cookie, "/dashboard/nominees", { intent: "opt-out", confirmOptOut: "yes" });
    expect(optOut.status).toBe(302);
    expect((await prisma().nominationDeclaration.findUniqueOrThrow({ where: { userId: user.id } })).optedOut).toBe(true);
  });

  it("shows each investor only their own nominees and certificates; another's certificate is 404", async () => {
    const owner = await investor();
    const other = await investor();
    const ownerCookie = await createSession(prisma(), owner.id);
    const otherCookie = await createSession(prisma(), other.id);
    await send(ownerCookie, "/dashboard/nominees", two);
    expect(await (await send(otherCookie, "/dashboard/nominees")).text()).not.toContain("Asha Rao");
    const issued = await send(ownerCookie, "/dashboard/holdings-certificate", { intent: "issue" });
    expect(issued.status).toBe(303);
    const pdfPath = issued.headers.get("Location")!;
    const pdf = await send(ownerCookie, pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect((await send(otherCookie, pdfPath)).status).toBe(404);

    // The code printed on the PDF is what the admin page confirms; a changed one is not genuine.
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    const code = /[0-9A-F]{4}(?:-[0-9A-F]{4}){4}/.exec(text)?.[0];
    expect(code).toBeDefined();
    const admin = await createUser(prisma(), { isAdmin: true });
    const adminCookie = await createSession(prisma(), admin.id);
    const verify = async (typed: string) => (await send(adminCookie, "/admin/certificates", { intent: "verify", code: typed })).text();
    const genuine = await verify(code!);
    expect(genuine).toContain("Genuine: issued by Aangan");
    expect(genuine).toContain(owner.email);
    const flipped = code!.slice(0, -1) + (code!.endsWith("0") ? "1" : "0");
    expect(await verify(flipped)).not.toContain("Genuine: issued by Aangan");
    expect((await send(adminCookie, "/admin/certificates", { intent: "verify", code: "not a code" })).status).toBe(400);
    // Nobody but an admin may ask.
    expect((await send(ownerCookie, "/admin/certificates", { intent: "verify", code: code! })).status).toBe(403);
  });

  it("a frozen account's session reads as signed out", async () => {
    const user = await investor();
    const cookie = await createSession(prisma(), user.id);
    await prisma().userProfile.update({ where: { id: user.id }, data: { frozenAt: new Date() } });
    const response = await send(cookie, "/dashboard/wallet");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\?/);
  });
});
