import { beforeAll, describe, expect, it } from "vitest";
import { checkCode, CODE_TTL_MS, issueAccessToken, issueCode, readAccessToken } from "./tokens.server";

const client = { clientId: "aangan-google-stand-in", redirectUri: "http://localhost:3000/auth/google/callback" };

describe("stand-in codes and tokens", () => {
  beforeAll(() => {
    process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789abcdef";
  });

  it("accepts a fresh code issued to this client", () => {
    const code = issueCode({ email: "asha@example.in", ...client });
    expect(checkCode(code, client)).toMatchObject({ ok: true, claims: { email: "asha@example.in" } });
  });

  it("refuses expired, altered or misdirected codes", () => {
    const now = Date.now();
    const code = issueCode({ email: "asha@example.in", ...client }, now);
    expect(checkCode(code, client, now + CODE_TTL_MS + 1)).toMatchObject({ ok: false, error: "Authorization code expired" });
    expect(checkCode(code, { ...client, redirectUri: "https://evil.example/cb" }, now)).toMatchObject({ ok: false });
    const [body, mac] = code.split(".");
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), email: "admin@demo.aangan.in" }),
    ).toString("base64url");
    expect(checkCode(`${forgedBody}.${mac}`, client, now)).toEqual({ ok: false, error: "Invalid authorization code" });
  });

  it("reads access tokens until they expire", () => {
    const now = Date.now();
    const token = issueAccessToken("ravi@example.in", now);
    expect(readAccessToken(token, now)).toBe("ravi@example.in");
    expect(readAccessToken(token, now + 10 * 60_000)).toBeNull();
    expect(readAccessToken(`${token}x`, now)).toBeNull();
  });
});
