import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/setup/factories";
import { useTestDatabase } from "../../../tests/setup/test-database";
import type { GoogleIdentity } from "~/services/auth/google-identity";
import { signInProfile } from "./sign-in-profile.server";

const db = useTestDatabase();
const NOW = new Date("2026-11-21T10:00:00Z");

function identity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  return {
    subject: `sub-${Math.random().toString(36).slice(2)}`,
    email: `person-${Math.random().toString(36).slice(2)}@example.in`,
    emailVerified: true,
    fullName: "Meera Iyer",
    avatarUrl: null,
    ...overrides,
  };
}

describe("signInProfile", () => {
  it("creates an explorer on a 14-day trial with KYC pending, an empty wallet and a login event", async () => {
    const prisma = db.current.prisma;
    const who = identity({ email: "Meera.Iyer@Example.in" });
    const result = await signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true, now: NOW });
    expect(result.created).toBe(true);
    const profile = await prisma.userProfile.findUniqueOrThrow({ where: { id: result.userId }, include: { wallet: true } });
    expect(profile).toMatchObject({
      email: "meera.iyer@example.in",
      googleSubject: who.subject,
      tier: "explorer",
      subscriptionActive: false,
      kycStatus: "pending",
      isAdmin: false,
    });
    expect(profile.trialExpiresAt.toISOString()).toBe("2026-12-05T10:00:00.000Z");
    expect(profile.wallet?.availableBalance.toString()).toBe("0");
    const events = await prisma.userEvent.findMany({ where: { userId: result.userId } });
    expect(events.map((e) => e.eventName)).toEqual(["login"]);
    expect(profile.lastActivityAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("loads the same profile on the next sign-in and logs another login", async () => {
    const prisma = db.current.prisma;
    const who = identity();
    const first = await signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true });
    const second = await signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true });
    expect(second).toEqual({ userId: first.userId, created: false, isAdmin: false });
    expect(await prisma.userEvent.count({ where: { userId: first.userId, eventName: "login" } })).toBe(2);
    expect(await prisma.escrowBalance.count({ where: { userId: first.userId } })).toBe(1);
  });

  it("links a seeded profile by e-mail and makes ADMIN_EMAILS addresses admins", async () => {
    const prisma = db.current.prisma;
    const seeded = await createUser(prisma, { email: "boss@example.in", fullName: null, trialExpiresAt: NOW });
    const who = identity({ email: "boss@example.in" });
    const result = await signInProfile(prisma, who, { adminEmails: ["boss@example.in"], analyticsEnabled: true });
    expect(result).toEqual({ userId: seeded.id, created: false, isAdmin: true });
    const profile = await prisma.userProfile.findUniqueOrThrow({ where: { id: seeded.id } });
    expect(profile.isAdmin).toBe(true);
    expect(profile.googleSubject).toBe(who.subject);

    const fresh = await signInProfile(prisma, identity({ email: "second-admin@example.in" }), {
      adminEmails: ["second-admin@example.in"],
      analyticsEnabled: true,
    });
    expect((await prisma.userProfile.findUniqueOrThrow({ where: { id: fresh.userId } })).isAdmin).toBe(true);
  });

  it("refuses an unverified e-mail and an address already tied to another Google account", async () => {
    const prisma = db.current.prisma;
    await expect(signInProfile(prisma, identity({ emailVerified: false }), { adminEmails: [], analyticsEnabled: true })).rejects.toThrow(
      "Email not confirmed",
    );
    const who = identity();
    await signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true });
    await expect(signInProfile(prisma, { ...who, subject: "someone-else" }, { adminEmails: [], analyticsEnabled: true })).rejects.toThrow(
      /different Google account/,
    );
  });

  it("creates one profile when two first sign-ins race", async () => {
    const prisma = db.current.prisma;
    const who = identity();
    const results = await Promise.all([
      signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true }),
      signInProfile(prisma, who, { adminEmails: [], analyticsEnabled: true }),
    ]);
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(await prisma.userProfile.count({ where: { email: who.email } })).toBe(1);
  });
});
