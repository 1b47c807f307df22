import type { GoogleIdentity } from "~/services/auth/google-identity";
import { isUniqueViolation, type PrismaClient } from "~/services/db.server";
import { logUserEvent } from "~/domain/analytics/log-user-event.server";
import { DomainError } from "~/domain/errors";

export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The message is matched by the sign-in screen's wording rules (lib/auth-messages). */
export class SignInRefusedError extends DomainError {
  constructor(message: string) {
    super("sign_in_refused", message, 401);
  }
}

export type SignedInProfile = { userId: string; created: boolean; isAdmin: boolean };

/**
 * Loads the profile for a Google identity, creating it on first sign-in: tier explorer,
 * a 14-day trial, KYC pending, no subscription and an empty wallet. Addresses listed in
 * ADMIN_EMAILS become admins. Every sign-in is logged as a `login` event.
 */
export async function signInProfile(
  db: PrismaClient,
  identity: GoogleIdentity,
  options: { adminEmails: readonly string[]; analyticsEnabled: boolean; now?: Date },
): Promise<SignedInProfile> {
  const now = options.now ?? new Date();
  const email = identity.email.trim().toLowerCase();
  // "Email not confirmed" is the spec's wording, so the sign-in screen explains it properly.
  if (!identity.emailVerified) throw new SignInRefusedError("Email not confirmed");
  if (!email.includes("@")) throw new SignInRefusedError("Google did not share an e-mail address");
  const isListedAdmin = options.adminEmails.includes(email);

  const result = await findOrCreate(db, { ...identity, email }, isListedAdmin, now).catch(async (error: unknown) => {
    // Two first sign-ins racing: the loser finds the winner's row.
    if (isUniqueViolation(error)) return findOrCreate(db, { ...identity, email }, isListedAdmin, now);
    throw error;
  });
  await logUserEvent(
    db,
    { userId: result.userId, eventName: "login", props: { firstSignIn: result.created } },
    { analyticsEnabled: options.analyticsEnabled, now },
  );
  return result;
}

async function findOrCreate(db: PrismaClient, identity: GoogleIdentity, isListedAdmin: boolean, now: Date): Promise<SignedInProfile> {
  const existing =
    (await db.userProfile.findUnique({ where: { googleSubject: identity.subject }, select: existingSelect })) ??
    (await db.userProfile.findUnique({ where: { email: identity.email }, select: existingSelect }));

  if (existing) {
    if (existing.googleSubject && existing.googleSubject !== identity.subject) {
      throw new SignInRefusedError("This e-mail address belongs to a different Google account");
    }
    await db.userProfile.update({
      where: { id: existing.id },
      data: {
        googleSubject: identity.subject,
        ...(existing.email !== identity.email ? { email: identity.email } : {}),
        ...(!existing.fullName && identity.fullName ? { fullName: identity.fullName } : {}),
        ...(identity.avatarUrl ? { avatarUrl: identity.avatarUrl } : {}),
        ...(isListedAdmin && !existing.isAdmin ? { isAdmin: true } : {}),
      },
    });
    return { userId: existing.id, created: false, isAdmin: existing.isAdmin || isListedAdmin };
  }

  const created = await db.userProfile.create({
    data: {
      email: identity.email,
      googleSubject: identity.subject,
      fullName: identity.fullName,
      avatarUrl: identity.avatarUrl,
      tier: "explorer",
      subscriptionActive: false,
      trialExpiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      kycStatus: "pending",
      isAdmin: isListedAdmin,
      wallet: { create: {} },
    },
    select: { id: true },
  });
  return { userId: created.id, created: true, isAdmin: isListedAdmin };
}

const existingSelect = { id: true, email: true, googleSubject: true, fullName: true, isAdmin: true } as const;
