import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PrismaClient } from "~/services/db.server";
import { standInSecret } from "../provider-config.server";

/** An authorization code is good for one exchange within this window, as with Google. */
export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_MS = 5 * 60_000;

const codeClaims = z.object({
  typ: z.literal("code"),
  jti: z.string().min(16),
  email: z.email(),
  clientId: z.string(),
  redirectUri: z.string(),
  authTime: z.number().int().optional(),
  exp: z.number(),
});
const accessClaims = z.object({ typ: z.literal("access"), email: z.email(), exp: z.number() });

export type CodeClaims = z.infer<typeof codeClaims>;

// Codes and tokens are signed rather than stored, so any app process can check them.
function sign(payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const mac = createHmac("sha256", standInSecret("token-signing")).update(body).digest("base64url");
  return `${body}.${mac}`;
}

function verify(token: string): unknown {
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(createHmac("sha256", standInSecret("token-signing")).update(body).digest("base64url"));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

export function issueCode(input: { email: string; clientId: string; redirectUri: string; authTime?: number }, now = Date.now()): string {
  return sign({ typ: "code", jti: randomBytes(16).toString("base64url"), ...input, exp: now + CODE_TTL_MS });
}

export type RedeemResult = { ok: true; email: string; authTime?: number } | { ok: false; error: string };

/** Whether a code is genuine, unexpired and issued to this client; says nothing of earlier use. */
export function checkCode(
  code: string,
  expected: { clientId: string; redirectUri: string },
  now = Date.now(),
): (RedeemResult & { ok: false }) | { ok: true; claims: CodeClaims } {
  const claims = codeClaims.safeParse(verify(code));
  if (!claims.success) return { ok: false, error: "Invalid authorization code" };
  if (claims.data.exp <= now) return { ok: false, error: "Authorization code expired" };
  if (claims.data.clientId !== expected.clientId || claims.data.redirectUri !== expected.redirectUri) {
    return { ok: false, error: "Authorization code was issued to another client" };
  }
  return { ok: true, claims: claims.data };
}

/**
 * Exchanges a code once. Its id is recorded in PostgreSQL, which every app process shares, so
 * the insert that finds the id already there (on this worker or another) refuses the replay.
 */
export async function redeemCode(
  db: PrismaClient,
  code: string,
  expected: { clientId: string; redirectUri: string },
  now = Date.now(),
): Promise<RedeemResult> {
  const checked = checkCode(code, expected, now);
  if (!checked.ok) return checked;
  const { jti, exp, email, authTime } = checked.claims;
  await db.standInCodeRedemption.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  const recorded = await db.standInCodeRedemption.createMany({ data: [{ codeId: jti, expiresAt: new Date(exp) }], skipDuplicates: true });
  if (recorded.count === 0) return { ok: false, error: "Authorization code already used" };
  return { ok: true, email, authTime };
}

/**
 * An OpenID Connect ID token in JWT form (HS256 with the stand-in's secret), carrying
 * auth_time as Google's does when asked with max_age. The app reads it as it reads Google's.
 */
export function issueIdToken(input: { email: string; clientId: string; authTime?: number }, now = Date.now()): string {
  const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
  const iat = Math.floor(now / 1000);
  const claims = {
    iss: "aangan-google-stand-in",
    aud: input.clientId,
    sub: standInSubject(input.email),
    email: input.email,
    email_verified: true,
    iat,
    exp: iat + 300,
    ...(input.authTime ? { auth_time: input.authTime } : {}),
  };
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${body}.${createHmac("sha256", standInSecret("token-signing")).update(body).digest("base64url")}`;
}

export function issueAccessToken(email: string, now = Date.now()): string {
  return sign({ typ: "access", email, exp: now + ACCESS_TOKEN_TTL_MS });
}

export function readAccessToken(token: string, now = Date.now()): string | null {
  const claims = accessClaims.safeParse(verify(token));
  if (!claims.success || claims.data.exp <= now) return null;
  return claims.data.email;
}

/** A stable subject per address, in the spirit of Google's numeric "sub". */
export function standInSubject(email: string): string {
  return `stand-in-${createHmac("sha256", "aangan-stand-in-subject").update(email).digest("hex").slice(0, 24)}`;
}

export function secretsMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
