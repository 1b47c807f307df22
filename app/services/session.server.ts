import { createHash, randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { getPrisma, preparedQuery, type Db, type PreparedStatement } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";
import { type KycStatus, type Tier } from "~/lib/enums";

/**
 * A session ends after SESSION_IDLE_MINUTES without a request (default 30) and
 * SESSION_ABSOLUTE_HOURS after sign-in in any case (default 12); see ADR 0029.
 */
export function sessionLifetimes(): { idleMs: number; absoluteMs: number } {
  const env = getEnv();
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000 };
}
// Pushing the idle expiry on every request would write on every page view; at most a tenth
// of the idle window (and five minutes) is lost by not doing so.
const touchAfterMs = (idleMs: number) => Math.min(5 * 60 * 1000, idleMs / 10);

const SESSION_ID_BYTES = 32;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  tier: Tier;
  subscriptionActive: boolean;
  trialExpiresAt: Date;
  tierOverrideByAdmin: boolean;
  kycStatus: KycStatus;
  isAdmin: boolean;
};

type SessionTimes = { idleExpiresAt: Date; absoluteExpiresAt: Date; lastSeenAt: Date };

let cookie: Cookie | undefined;
let cookieKey: string | undefined;

// Built on first use, and again if the environment was reloaded (tests change it). Tests
// that sign in to a production app process ask for its cookie explicitly.
export function sessionCookie(production = getEnv().NODE_ENV === "production"): Cookie {
  const { SESSION_SECRET: secret } = getEnv();
  const { absoluteMs } = sessionLifetimes();
  const key = `${production}:${secret}:${absoluteMs}`;
  if (!cookie || cookieKey !== key) {
    cookie = createCookie(production ? "__Host-aangan_session" : "aangan_session", {
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      secrets: [secret],
      maxAge: Math.floor(absoluteMs / 1000),
    });
    cookieKey = key;
  }
  return cookie;
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** The session id from a signed cookie; null when it is missing, tampered or malformed. */
async function readSessionId(cookieHeader: string | null): Promise<string | null> {
  try {
    const value: unknown = await sessionCookie().parse(cookieHeader);
    return typeof value === "string" && SESSION_ID_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Starts a fresh session for the user (a new id at every sign-in, so a fixated id is useless)
 * and returns the Set-Cookie header value. Only the id's SHA-256 is stored.
 */
export async function createUserSession(userId: string, request: Request, now = new Date()): Promise<string> {
  const sessionId = randomBytes(SESSION_ID_BYTES).toString("base64url");
  const { idleMs, absoluteMs } = sessionLifetimes();
  await getPrisma().session.create({
    data: {
      idHash: hashSessionId(sessionId),
      userId,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + Math.min(idleMs, absoluteMs)),
      absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
      userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
      ipAddress: request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim().slice(0, 64) ?? null,
    },
  });
  return sessionCookie().serialize(sessionId);
}

// The session's times and its user, as every signed-in request reads them.
const SESSION_COLUMNS = `s.idle_expires_at AS "idleExpiresAt", s.absolute_expires_at AS "absoluteExpiresAt", s.last_seen_at AS "lastSeenAt",
                json_build_object('id', u.user_id, 'email', u.email, 'fullName', u.full_name,
                                  'tier', CASE WHEN p.lapsed AND NOT u.tier_override_by_admin THEN 'explorer'::"public"."tier" ELSE u.tier END,
                                  'subscriptionActive', u.subscription_active AND NOT p.lapsed, 'trialExpiresAt', u.trial_expires_at,
                                  'tierOverrideByAdmin', u.tier_override_by_admin, 'kycStatus', u.kyc_status, 'isAdmin', u.is_admin) AS "user"`;
// A frozen account (a deceased investor's, after transmission, ADR 0066) has no live session.
// Premium that ran out is off from its end date on, whether or not the expiry job has run yet
// (ADR 0063): the tier it gave falls back as recalculateTier would set it. The rule is read
// from the FROM list, where PostgreSQL inlines it and plans it once with the statement; as a
// value (premium_lapsed) it was planned again on every read before PostgreSQL 18.
const SESSION_BY_ID_HASH = `FROM "public"."sessions" s JOIN "public"."user_profiles" u ON u.user_id = s.user_id
          CROSS JOIN LATERAL (SELECT u.subscription_active AND l.lapsed AS lapsed FROM "public".premium_lapse(u.user_id, now()) l) p
          WHERE s.id_hash = $1 AND u.frozen_at IS NULL`;

export const READ_SESSION: PreparedStatement = {
  name: "read_session",
  text: `SELECT ${SESSION_COLUMNS} ${SESSION_BY_ID_HASH}`,
};

// The same row with the versions of what the investor's signed-in pages show (ADR 0045): a page
// kept in memory is served again only while both are unchanged. The investor's is their folded
// base plus the changes committed since the last fold (ADR 0084), read in one snapshot, so a
// fold running meanwhile never moves it; the catalogue's is the sum of its slots (ADR 0096).
export const READ_SESSION_WITH_PAGE_VERSION: PreparedStatement = {
  name: "read_session_with_page_version",
  text: `SELECT ${SESSION_COLUMNS},
                (coalesce((SELECT v.version FROM "public"."user_page_versions" v WHERE v.user_id = s.user_id), 0)
                  + (SELECT count(*) FROM "public"."user_page_changes" c WHERE c.user_id = s.user_id))::text
                  || ':' || (SELECT sum(c.version) FROM "public"."catalogue_page_version" c)::text AS "pageVersion"
           ${SESSION_BY_ID_HASH}`,
};

/**
 * The signed-in user, or null. A tampered, unknown or expired cookie counts as signed out;
 * expired rows are removed on sight.
 */
export async function getSessionUser(request: Request, now = new Date()): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request.headers.get("Cookie"));
  if (!sessionId) return null;
  const idHash = hashSessionId(sessionId);
  // One statement (Prisma's nested select would send two), prepared once per connection:
  // every signed-in page starts here.
  const [session] = await preparedQuery<SessionTimes & { user: SessionUser }>(getPrisma(), READ_SESSION, [idHash]);
  return session ? liveSessionUser(session, idHash, now) : null;
}

export type SessionWithPageVersion = {
  user: SessionUser;
  /** The session id's hash: names this browser's session without revealing its id. */
  sessionKey: string;
  /** Changes whenever anything the investor's kept pages show changes (ADR 0045). */
  pageVersion: string;
};

/**
 * What getSessionUser reads (with the same expiry and idle extension), in the same one
 * statement, plus the version of what the user's signed-in pages show.
 */
export async function getSessionWithPageVersion(cookieHeader: string | null, now = new Date()): Promise<SessionWithPageVersion | null> {
  const sessionId = await readSessionId(cookieHeader);
  if (!sessionId) return null;
  const idHash = hashSessionId(sessionId);
  const [session] = await preparedQuery<SessionTimes & { user: SessionUser; pageVersion: string }>(
    getPrisma(),
    READ_SESSION_WITH_PAGE_VERSION,
    [idHash],
  );
  const user = session ? await liveSessionUser(session, idHash, now) : null;
  return user ? { user, sessionKey: idHash, pageVersion: session!.pageVersion } : null;
}

async function liveSessionUser(session: SessionTimes & { user: SessionUser }, idHash: string, now: Date): Promise<SessionUser | null> {
  const prisma = getPrisma();
  session.user.trialExpiresAt = new Date(session.user.trialExpiresAt);
  if (session.idleExpiresAt <= now || session.absoluteExpiresAt <= now) {
    await prisma.session.deleteMany({ where: { idHash } });
    return null;
  }
  const { idleMs } = sessionLifetimes();
  if (now.getTime() - session.lastSeenAt.getTime() > touchAfterMs(idleMs)) {
    const idleExpiresAt = new Date(Math.min(now.getTime() + idleMs, session.absoluteExpiresAt.getTime()));
    await prisma.session
      .updateMany({ where: { idHash }, data: { lastSeenAt: now, idleExpiresAt } })
      .catch((error: unknown) => logger.warn({ err: error }, "could not extend session"));
  }
  return session.user;
}

/**
 * When this browser's session began, which is when its user last signed in with Google
 * (every sign-in starts a new session); null when signed out. Re-authentication reads it.
 */
export async function getSessionSignedInAt(request: Request): Promise<Date | null> {
  const sessionId = await readSessionId(request.headers.get("Cookie"));
  if (!sessionId) return null;
  const row = await getPrisma().session.findUnique({ where: { idHash: hashSessionId(sessionId) }, select: { createdAt: true } });
  return row?.createdAt ?? null;
}

/** Ends every session of the user, on every device ('Sign out everywhere'); returns how many. */
export async function destroyAllUserSessions(userId: string): Promise<number> {
  const { count } = await getPrisma().session.deleteMany({ where: { userId } });
  return count;
}

/** Deletes this browser's session row (if any) and returns the Set-Cookie value that clears the cookie. */
export async function destroyUserSession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request.headers.get("Cookie"));
  if (sessionId) await getPrisma().session.deleteMany({ where: { idHash: hashSessionId(sessionId) } });
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Deletes every session whose idle or absolute expiry has passed (reads already refuse
 * them; this keeps the table from growing). Returns how many went. Run by an hourly job.
 */
export async function sweepExpiredSessions(db: Db, now: Date): Promise<number> {
  const { count } = await db.session.deleteMany({
    where: { OR: [{ idleExpiresAt: { lte: now } }, { absoluteExpiresAt: { lte: now } }] },
  });
  return count;
}
