import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { assignCspNonce, permissionsPolicy, securityHeaders } from "./security-headers";

async function cspFor(options: Parameters<typeof securityHeaders>[0]) {
  const app = express();
  app.use(assignCspNonce, securityHeaders(options), permissionsPolicy());
  app.get("/", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return {
      enforced: response.headers.get("content-security-policy"),
      reportOnly: response.headers.get("content-security-policy-report-only"),
      hsts: response.headers.get("strict-transport-security"),
      permissions: response.headers.get("permissions-policy"),
    };
  } finally {
    server.close();
  }
}

describe("securityHeaders", () => {
  it("lets forms lead only to this origin unless another target is named", async () => {
    expect((await cspFor({ production: true, development: false })).enforced).toContain("form-action 'self';");
    const withGoogle = await cspFor({ production: true, development: false, formTargets: ["https://accounts.google.com"] });
    expect(withGoogle.enforced).toContain("form-action 'self' https://accounts.google.com;");
  });

  it("enforces the policy and HSTS in production, and only reports in development", async () => {
    const production = await cspFor({ production: true, development: false });
    expect(production.enforced).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(production.hsts).toContain("max-age=63072000");
    const development = await cspFor({ production: false, development: true });
    expect(development.enforced).toBeNull();
    expect(development.reportOnly).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(development.hsts).toBeNull();
  });

  it("allows inline styles only with the response's nonce, the same one its scripts carry (ADR 0042)", async () => {
    const { enforced } = await cspFor({ production: true, development: false });
    const scriptNonce = /script-src 'self' ('nonce-[^']+')/.exec(enforced ?? "")?.[1];
    expect(scriptNonce).toBeTruthy();
    expect(enforced).toContain(`style-src 'self' ${scriptNonce};`);
    expect(enforced).not.toMatch(/style-src [^;]*'unsafe-inline'/);
  });

  it("allows no <base>, no plugins and no framing", async () => {
    const { enforced } = await cspFor({ production: true, development: false });
    expect(enforced).toContain("base-uri 'none'");
    expect(enforced).toContain("object-src 'none'");
    expect(enforced).toContain("frame-ancestors 'none'");
  });

  it("denies the camera everywhere but the KYC page", async () => {
    const app = express();
    app.use(permissionsPolicy());
    app.get(/.*/, (_req, res) => res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const policy = async (pathname: string) => (await fetch(`${base}${pathname}`)).headers.get("permissions-policy") ?? "";
      expect(await policy("/kyc")).toMatch(/^camera=\(self\), microphone=\(\), geolocation=\(\)/);
      expect(await policy("/kyc/")).toMatch(/^camera=\(self\)/);
      for (const pathname of ["/", "/kyc/documents/1", "/kyc.data", "/dashboard/wallet"]) {
        expect(await policy(pathname), pathname).toMatch(/^camera=\(\), microphone=\(\)/);
      }
    } finally {
      server.close();
    }
  });
});
