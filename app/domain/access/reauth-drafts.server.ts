import { z } from "zod";
import type { Db } from "~/services/db.server";

/**
 * Forms that need a recent sign-in (ADR 0030). When the sign-in is too old, what the
 * investor typed is kept here while Google confirms them, so the form comes back filled in;
 * it lives on the server (never in the URL), one per user and form, for DRAFT_TTL_MS.
 */
export type ReauthPurpose = "withdraw" | "bank" | "nominees";
export const DRAFT_TTL_MS = 30 * 60 * 1000;

// Only short strings: a draft is form text, nothing else.
const payloadSchema = z.record(z.string().max(100), z.string().max(5_000));
export type DraftPayload = z.infer<typeof payloadSchema>;

export async function saveReauthDraft(db: Db, userId: string, purpose: ReauthPurpose, payload: DraftPayload, now = new Date()) {
  const data = payloadSchema.parse(payload);
  const expiresAt = new Date(now.getTime() + DRAFT_TTL_MS);
  await db.reauthDraft.upsert({
    where: { userId_purpose: { userId, purpose } },
    create: { userId, purpose, payload: data, createdAt: now, expiresAt },
    update: { payload: data, createdAt: now, expiresAt },
  });
}

/** The user's unexpired draft for the form, or null. */
export async function readReauthDraft(db: Db, userId: string, purpose: ReauthPurpose, now = new Date()): Promise<DraftPayload | null> {
  const row = await db.reauthDraft.findUnique({ where: { userId_purpose: { userId, purpose } } });
  if (!row || row.expiresAt <= now) return null;
  const parsed = payloadSchema.safeParse(row.payload);
  return parsed.success ? parsed.data : null;
}

/** Forgets the draft once the form went through (and every expired one on the way). */
export async function clearReauthDraft(db: Db, userId: string, purpose: ReauthPurpose, now = new Date()) {
  await db.reauthDraft.deleteMany({ where: { OR: [{ userId, purpose }, { expiresAt: { lte: now } }] } });
}
