import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseShares } from "../../app/domain/investing/purchase-shares.server";
import { reloadEnv } from "../../app/services/env.server";
import { createInvestor, createProperty, createSession, newIdempotencyKey } from "#tests/setup/factories";
import { useTestDatabase } from "#tests/setup/test-database";
import { unzipText } from "#tests/kit/zip";
import { capitalGainsRule, financialYearOfMoment } from "../../app/domain/statements/statement-figures";

/**
 * Statements and the data export through the production build's request handler: each
 * investor gets only their own files, with the headers a private download needs (ADRs 0036 and 0037).
 */

const db = useTestDatabase();
const ORIGIN = "http://localhost:3000";
let handle: (request: Request) => Promise<Response>;
const cookies = { asha: "", ravi: "" };
const emails = { asha: "", ravi: "" };

beforeAll(async () => {
  process.env.DATABASE_URL = db.current.url;
  process.env.SESSION_SECRET = "statements-session-secret-0123456789abcdef";
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "aangan-statements-"));
  reloadEnv();
  const buildPath = path.resolve("build/server/index.js");
  if (!existsSync(buildPath)) throw new Error("No production build: run `npm run build` before this test.");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const requestHandler = createRequestHandler(build, "production");
  handle = (request) => requestHandler(request, { cspNonce: "statements" });
  const prisma = db.current.prisma;
  const property = await createProperty(prisma, { title: "Export Residency", sharePrice: "100", minimumInvestment: "100" });
  for (const who of ["asha", "ravi"] as const) {
    const user = await createInvestor(prisma, { balance: "5000" });
    emails[who] = user.email;
    cookies[who] = await createSession(prisma, user.id);
    await purchaseShares(prisma, {
      userId: user.id,
      propertyId: property.id,
      shares: who === "asha" ? 3 : 7,
      idempotencyKey: newIdempotencyKey(),
    });
  }
});

const get = (pathname: string, who?: keyof typeof cookies) =>
  handle(new Request(`${ORIGIN}${pathname}`, { headers: who ? { Cookie: cookies[who] } : {}, redirect: "manual" }));

const unzip = unzipText;

describe("the investor's data export", () => {
  it("is a zip of the signed-in investor's own data, never cached", async () => {
    const response = await get("/dashboard/data-export.zip", "asha");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "alerts.csv",
        "alerts.json",
        "bank-accounts.csv",
        "bank-accounts.json",
        "distributions.csv",
        "distributions.json",
        "holdings.csv",
        "holdings.json",
        "investment-plans.csv",
        "investment-plans.json",
        "kyc-documents.csv",
        "kyc.json",
        "nomination.json",
        "profile.json",
        "support-requests.csv",
        "support-requests.json",
        "tds-withheld.csv",
        "tds-withheld.json",
        "transactions.csv",
        "transactions.json",
        "watchlist.csv",
        "watchlist.json",
      ].sort(),
    );
    expect(JSON.parse(files["profile.json"]!).email).toBe(emails.asha);
    expect(JSON.parse(files["kyc.json"]!).status).toBe("approved");
    const holdings = JSON.parse(files["holdings.json"]!) as { shares: number }[];
    expect(holdings.map((h) => h.shares)).toEqual([3]);
    expect(files["transactions.csv"]).toContain("3 shares of Export Residency");
    expect(files["transactions.csv"]).not.toContain("7 shares");
    expect(Object.values(files).join("\n")).not.toContain(emails.ravi);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await get("/dashboard/data-export.zip");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("statements", () => {
  it("serves the year's account statement PDF and capital-gains CSV to their owner; an unknown year is a 400", async () => {
    const pdf = await get("/dashboard/statements/account.pdf", "ravi");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const csv = await get("/dashboard/statements/capital-gains.csv", "ravi");
    expect(csv.status).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain("section 2(42A)");
    // The year shown by default is the current one, and its rule cites the Act in force then.
    expect(csvText).toContain(capitalGainsRule(financialYearOfMoment(new Date())));
    expect((await get("/dashboard/statements?year=1999", "ravi")).status).toBe(400);
    const page = await get("/dashboard/statements", "ravi");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Download my data (zip)");
  });
});
