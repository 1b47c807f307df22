import { z } from "zod";
import { DomainError } from "~/domain/errors";
import type { Db } from "~/services/db.server";

export const representativeSchema = z.object({
  fullName: z
    .string({ error: "Enter their full name" })
    .trim()
    .min(2, "Enter their full name")
    .max(120, "A name can be at most 120 characters"),
  email: z.email({ error: "Enter their e-mail address" }).trim().max(254),
  relationship: z
    .string({ error: "Say how they are related to you" })
    .trim()
    .min(2, "Say how they are related to you")
    .max(60, "At most 60 characters"),
});

export type RepresentativeInput = z.input<typeof representativeSchema>;
export type Representative = { fullName: string; email: string; relationship: string; updatedAt: string };

/** The one person who may exercise the investor's data rights if they cannot (DPDP Act s.14); a new one replaces the old. */
export async function nominateRepresentative(db: Db, userId: string, input: RepresentativeInput): Promise<void> {
  const parsed = representativeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError("INVALID_REPRESENTATIVE", issue?.message ?? "Please check the form", 400, String(issue?.path[0] ?? ""));
  }
  await db.dataRepresentative.upsert({ where: { userId }, create: { userId, ...parsed.data }, update: parsed.data });
}

export async function removeRepresentative(db: Db, userId: string): Promise<void> {
  await db.dataRepresentative.deleteMany({ where: { userId } });
}

export async function getRepresentative(db: Db, userId: string): Promise<Representative | null> {
  const row = await db.dataRepresentative.findUnique({ where: { userId } });
  return row ? { fullName: row.fullName, email: row.email, relationship: row.relationship, updatedAt: row.updatedAt.toISOString() } : null;
}
