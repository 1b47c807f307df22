import { describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";

const SECRET = "x".repeat(40);

describe("sign-in settings in the environment", () => {
  it("refuse a production start without Google credentials or DEMO_MODE, with one clear line", () => {
    const result = parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatch(/^GOOGLE_CLIENT_ID: required when NODE_ENV=production.*DEMO_MODE=true/);
    }
  });

  it("allow production with Google credentials, or as an explicit demo", () => {
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, DEMO_MODE: "true" }).ok).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).ok).toBe(true);
  });

  it("need both halves of the Google credentials", () => {
    const result = parseEnv({ SESSION_SECRET: SECRET, GOOGLE_CLIENT_ID: "id" });
    expect(result.ok ? [] : result.errors).toEqual(["GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set"]);
  });

  it("default APP_ORIGIN to localhost on PORT, parse ADMIN_EMAILS and flag overrides", () => {
    const result = parseEnv({
      SESSION_SECRET: SECRET,
      PORT: "4100",
      ADMIN_EMAILS: " Boss@Example.in, ops@example.in ",
      FEATURE_TRIAL_ENFORCEMENT_ENABLED: "true",
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.env.APP_ORIGIN).toBe("http://localhost:4100");
      expect(result.env.ADMIN_EMAILS).toEqual(["boss@example.in", "ops@example.in"]);
      expect(result.env.FEATURE_TRIAL_ENFORCEMENT_ENABLED).toBe(true);
    }
  });

  it("name each bad variable on its own line", () => {
    const result = parseEnv({ SESSION_SECRET: SECRET, APP_ORIGIN: "https://aangan.example/", ADMIN_EMAILS: "nope", DEMO_MODE: "yes" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((line) => line.split(":")[0]!.split(".")[0])).toEqual(["APP_ORIGIN", "ADMIN_EMAILS", "DEMO_MODE"]);
    }
  });
});
