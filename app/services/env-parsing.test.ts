import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { directDatabaseUrl, parseEnv, pooledInTransactionMode } from "./env.server";

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aangan-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const result = parseEnv({ DATA_DIR: tempDataDir() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.PORT).toBe(3000);
    expect(result.env.NODE_ENV).toBe("development");
    expect(result.env.DATABASE_URL).toBeUndefined();
  });

  it("bounds fund requests per request and per day, and refuses a day limit below the request limit", () => {
    const defaults = parseEnv({ DATA_DIR: tempDataDir() });
    expect(defaults.ok && [defaults.env.DEPOSIT_MAX_PER_REQUEST_INR, defaults.env.WITHDRAWAL_MAX_PER_DAY_INR]).toEqual([
      10_000_000, 20_000_000,
    ]);
    const bad = parseEnv({ DATA_DIR: tempDataDir(), DEPOSIT_MAX_PER_REQUEST_INR: "5000000", DEPOSIT_MAX_PER_DAY_INR: "1000000" });
    expect(!bad.ok && bad.errors).toEqual(["DEPOSIT_MAX_PER_DAY_INR: must be at least DEPOSIT_MAX_PER_REQUEST_INR"]);
    const huge = parseEnv({ DATA_DIR: tempDataDir(), WITHDRAWAL_MAX_PER_REQUEST_INR: "1e20" });
    expect(huge.ok).toBe(false);
  });

  it("checks the payment gateway's settings at start-up: all three Razorpay keys or none, the stand-in never real in production", () => {
    const one = parseEnv({ DATA_DIR: tempDataDir(), RAZORPAY_KEY_ID: "rzp_live_x" });
    expect(!one.ok && one.errors).toEqual([
      "RAZORPAY_KEY_SECRET: required when PAYMENTS_PROVIDER=razorpay or any RAZORPAY_* key is set",
      "RAZORPAY_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=razorpay or any RAZORPAY_* key is set",
    ]);
    const named = parseEnv({ DATA_DIR: tempDataDir(), PAYMENTS_PROVIDER: "razorpay" });
    expect(!named.ok && named.errors).toHaveLength(3);
    const all = parseEnv({ DATA_DIR: tempDataDir(), RAZORPAY_KEY_ID: "k", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" });
    expect(all.ok).toBe(true);
    const production = { DATA_DIR: tempDataDir(), NODE_ENV: "production", SESSION_SECRET: "x".repeat(48), PAYMENTS_PROVIDER: "stand-in" };
    const standIn = parseEnv(production);
    expect(!standIn.ok && standIn.errors).toContain(
      "PAYMENTS_PROVIDER: stand-in moves no real money; a production server may use it only with DEMO_MODE=true",
    );
    expect(parseEnv({ ...production, DEMO_MODE: "true" }).ok).toBe(true);
    const webhooks = parseEnv({ DATA_DIR: tempDataDir(), RATE_LIMIT_WEBHOOKS_PER_MINUTE: "0" });
    expect(webhooks.ok).toBe(false);
  });

  it("uses DATABASE_URL for LISTEN, jobs and migrations unless DATABASE_DIRECT_URL is set, and infers transaction pooling from it", () => {
    const env = (raw: Record<string, string>) => {
      const result = parseEnv({ DATA_DIR: tempDataDir(), ...raw });
      if (!result.ok) throw new Error(result.errors.join("; "));
      return result.env;
    };
    const plain = env({ DATABASE_URL: "postgres://app@db/aangan" });
    expect([directDatabaseUrl(plain), pooledInTransactionMode(plain)]).toEqual(["postgres://app@db/aangan", false]);
    const pooled = env({ DATABASE_URL: "postgres://app@pgbouncer:6432/aangan", DATABASE_DIRECT_URL: "postgres://app@db/aangan" });
    expect([directDatabaseUrl(pooled), pooledInTransactionMode(pooled)]).toEqual(["postgres://app@db/aangan", true]);
    const told = env({
      DATABASE_URL: "postgres://app@pgbouncer:6432/aangan",
      DATABASE_DIRECT_URL: "postgres://app@db/aangan",
      DATABASE_POOL_MODE: "direct",
    });
    expect(pooledInTransactionMode(told)).toBe(false);
    expect(pooledInTransactionMode(env({ DATABASE_URL: "postgres://app@db/aangan", DATABASE_POOL_MODE: "transaction" }))).toBe(true);
    expect(plain.DATABASE_READ_MAX_LAG_SECONDS).toBe(5);
    expect(parseEnv({ DATA_DIR: tempDataDir(), DATABASE_READ_URL: "mysql://x" }).ok).toBe(false);
  });

  it("names every bad variable on its own line", () => {
    const result = parseEnv({ DATA_DIR: tempDataDir(), PORT: "eighty", DATABASE_URL: "mysql://db/x", LOG_LEVEL: "loud" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.some((line) => line.startsWith("PORT:"))).toBe(true);
    expect(result.errors).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(result.errors.some((line) => line.startsWith("LOG_LEVEL:"))).toBe(true);
    for (const line of result.errors) expect(line).not.toContain("\n");
  });

  it("requires a session secret in production", () => {
    const result = parseEnv({ NODE_ENV: "production", DATA_DIR: tempDataDir(), DEMO_MODE: "true" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain("SESSION_SECRET: required when NODE_ENV=production");
  });

  it("refuses a short session secret", () => {
    const result = parseEnv({ DATA_DIR: tempDataDir(), SESSION_SECRET: "short" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain("SESSION_SECRET: must be at least 32 characters");
  });

  it("generates a development secret once and keeps it under DATA_DIR", () => {
    const dataDir = tempDataDir();
    const first = parseEnv({ DATA_DIR: dataDir });
    const second = parseEnv({ DATA_DIR: dataDir });
    if (!first.ok || !second.ok) throw new Error("expected both to parse");
    expect(first.env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(second.env.SESSION_SECRET).toBe(first.env.SESSION_SECRET);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first.env.SESSION_SECRET);
  });
});
